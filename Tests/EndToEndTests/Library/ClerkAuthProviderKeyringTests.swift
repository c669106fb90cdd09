import ClerkTestSupport
import ClerkctlCore
import ClerkctlKeyring
import ClerkctlKit
import Foundation
import Testing

/// `ClerkCredentialStore.keyring`: the library keeps the client token in the keyring (one in
/// memory here; the real Secret Service is exercised through the binary in
/// `KeyringEndToEndTests`) and the rest in the profile's file.
@Suite("Library: the keyring store")
struct ClerkAuthProviderKeyringTests {
  let emulator: EmulatorProcess

  init() async throws {
    emulator = try await EmulatorProcess.withLongLivedTokens()
  }

  /// `.keyring(profile:configDirectory:)` on `keyring` instead of the OS's.
  private static func store(
    _ config: TemporaryDirectory, keyring: InMemoryKeyring
  )
    throws -> ClerkCredentialStore
  {
    let store = ClerkCredentialStore.keyring(profile: "app", configDirectory: config.path)
    var backing = try #require(try store.backing.get() as? ProfileStore)
    backing.keyring = keyring
    return ClerkCredentialStore(profile: store.profile, backing: .success(backing))
  }

  @Test("signs in, serves from the cache and logs out with the client token never on disk")
  func keyringStore() async throws {
    let config = TemporaryDirectory(prefix: "clerkkit-keyring")
    let keyring = InMemoryKeyring()
    let store = try Self.store(config, keyring: keyring)
    let provider = ClerkAuthProvider(frontendApiUrl: emulator.fapiURL, store: store)
    let signedIn = try await provider.login(
      identifier: "demo@example.com", password: "demo-password")
    let secret = try #require(keyring.items.values.first)
    let path = config.path + "/profiles/app.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains(secret))
    #expect(try JSONValue(parsing: Array(text.utf8))["store"] == "keyring")

    // A file store of the same profile reads it too: the profile remembers its store.
    let plain = ClerkCredentialStore.file(profile: "app", configDirectory: config.path)
    var plainBacking = try #require(try plain.backing.get() as? ProfileStore)
    plainBacking.keyring = keyring
    let later = ClerkAuthProvider(
      frontendApiUrl: emulator.fapiURL,
      store: ClerkCredentialStore(profile: "app", backing: .success(plainBacking)))
    #expect(try await later.loginFromCache() == signedIn)

    try await provider.logout()
    #expect(keyring.items.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("a keyring that does not answer is refused, naming what is missing, before Clerk is asked")
  func unavailable() async throws {
    let config = TemporaryDirectory(prefix: "clerkkit-keyring")
    let keyring = InMemoryKeyring()
    keyring.fail(with: .noLibrary(detail: "libsecret-1.so.0: cannot open shared object file"))
    let provider = ClerkAuthProvider(
      frontendApiUrl: emulator.fapiURL, store: try Self.store(config, keyring: keyring))
    let admin = EmulatorAdmin(emulator)
    try await admin.clearRequests()
    let refusal = { (error: any Error) -> Bool in
      guard let error = error as? ClerkAuthError, error == .configuration else { return false }
      return error.step == .store && error.reason?.contains("no libsecret-1.so.0") == true
    }
    await #expect {
      try await provider.login(identifier: "demo@example.com", password: "demo-password")
    } throws: { refusal($0) }
    // The step-by-step sign-in is refused before its first step too.
    await #expect {
      _ = try await provider.signIn(identifier: "demo@example.com")
    } throws: { refusal($0) }
    // Nothing was signed in at Clerk (no session is left open there), nothing stored.
    #expect(try await admin.requests(containing: "/v1/client/sign_ins").isEmpty)
    #expect(keyring.calls.stores == 0)
    #expect(provider.currentAuthState == .unauthenticated)
    #expect(!FileManager.default.fileExists(atPath: config.path + "/profiles/app.json"))

    // Once the keyring answers, the same provider signs in.
    keyring.fail(with: nil)
    _ = try await provider.login(identifier: "demo@example.com", password: "demo-password")
    #expect(keyring.items.count == 1)
  }
}
