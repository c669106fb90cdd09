import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlKit
import Foundation
import Glibc
import Testing

/// `ClerkAuthProvider` and `AuthenticatedRequestSender` against a real emulator.
@Suite("Library: ClerkAuthProvider")
struct ClerkAuthProviderTests {
  let emulator: EmulatorProcess

  init() async throws {
    emulator = try await EmulatorProcess.withLongLivedTokens()
  }

  private func provider(
    template: String? = "convex", timeout: TimeInterval = 120,
    store: ClerkCredentialStore = .inMemory()
  ) -> ClerkAuthProvider {
    ClerkAuthProvider(
      frontendApiUrl: emulator.fapiURL, jwtTemplate: template, signInTimeout: timeout,
      store: store)
  }

  @Test("a file store shares the sign-in with a later provider, in a 0600 file")
  func fileStore() async throws {
    let config = TemporaryDirectory(prefix: "clerkkit-library")
    let store = ClerkCredentialStore.file(profile: "app", configDirectory: config.path)
    let first = try await provider(store: store).login(
      identifier: "demo@example.com", password: "demo-password")
    let later = try await provider(store: store).loginFromCache()
    #expect(later == first)
    var info = stat()
    #expect(lstat(config.path + "/profiles/app.json", &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(try store.backing.get().load(profile: "app")?.userID == first.userId)
  }

  @Test("a custom store keeps the serialized credential")
  func customStore() async throws {
    let bytes = BytesStore()
    let store = ClerkCredentialStore.custom(
      load: { try bytes.load() }, save: { try bytes.save($0) }, destroy: { bytes.destroy() })
    let signedIn = try await provider(store: store).login(
      identifier: "demo@example.com", password: "demo-password")
    #expect(bytes.bytes != nil)
    let restored = try StoredCredential(serialized: try #require(bytes.bytes))
    #expect(restored.userId == signedIn.userId)
    #expect(!restored.description.contains(signedIn.idToken))
    #expect(try await provider(store: store).loginFromCache() == signedIn)
  }

  @Test("a wrong password is signInRejected; the state goes back to unauthenticated")
  func rejected() async throws {
    let provider = provider()
    await #expect {
      try await provider.login(identifier: "demo@example.com", password: "wrong")
    } throws: { error in
      guard let error = error as? ClerkAuthError, error == .signInRejected else { return false }
      return !(error.reason ?? "").isEmpty && error.code == "form_password_incorrect"
        && error.step == .firstFactor && error.errorDescription == error.description
    }
    #expect(provider.currentAuthState == .unauthenticated)
  }

  @Test("a phone code, and a backup code as the second factor, which works only once")
  func phoneAndBackupCode() async throws {
    let phone = try await provider().login(
      .phoneCode(identifier: "+15555550100", code: { _ in "424242" }))
    #expect(phone.userId.hasPrefix("user_"))
    let method = ClerkSignInMethod.password(
      identifier: "mfa@example.com", password: "demo-password", backupCode: "backup-0008")
    let mfa = try await provider().login(method)
    #expect(mfa.userId.hasPrefix("user_"))
    #expect(mfa.userId != phone.userId)
    await #expect {
      try await provider().login(method)
    } throws: { error in
      guard let error = error as? ClerkAuthError, error == .signInRejected else { return false }
      return (error.reason ?? "").contains("Incorrect code")
    }
  }

  @Test("an unknown template is tokenRetrievalFailed, naming it")
  func unknownTemplate() async throws {
    let provider = provider(template: "nope")
    await #expect {
      try await provider.login(identifier: "demo@example.com", password: "demo-password")
    } throws: { error in
      guard let error = error as? ClerkAuthError, error == .tokenRetrievalFailed else {
        return false
      }
      return (error.reason ?? "").contains("'nope'")
    }
  }

  @Test("no instance configured is clerkNotLoaded")
  func notConfigured() async throws {
    let provider = ClerkAuthProvider(store: .inMemory())
    let configured = ["CLERK_FAPI_URL", "CLERK_PUBLISHABLE_KEY"].contains {
      !(ProcessInfo.processInfo.environment[$0] ?? "").isEmpty
    }
    try #require(!configured, "the test environment names an instance")
    await #expect(throws: ClerkAuthError.clerkNotLoaded) {
      try await provider.login(identifier: "demo@example.com", password: "demo-password")
    }
  }

  @Test("a sign-in past signInTimeout throws signInTimeout")
  func signInTimeout() async throws {
    let provider = provider(timeout: 0)
    await #expect(throws: ClerkAuthError.signInTimeout) {
      try await provider.login(identifier: "demo@example.com", password: "demo-password")
    }
  }

  @Test("a TOTP second factor is answered by the code source")
  func secondFactor() async throws {
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    let credentials = try await provider().login(
      .password(
        identifier: "mfa@example.com", password: "demo-password",
        code: { _ in TOTP.code(secret: secret, time: Clock.system.epochSeconds) }))
    #expect(credentials.userId.hasPrefix("user_"))
  }

  @Test("login(onIdToken:) waits for a login on the provider, and the stream reports it")
  func loginWaitsForSignIn() async throws {
    let provider = provider()
    var states = provider.authState.makeAsyncIterator()
    let tokens = Recorder<String?>()
    async let waited = provider.login(onIdToken: { tokens.append($0) })
    // Signing in once the waiter says `.loading` makes it wait (it has its callback by then;
    // a sign-in before it would be returned at once, and handed to onIdToken all the same).
    var seen: [AuthState<ClerkCredentials>] = []
    while let state = await states.next() {
      seen.append(state)
      if state == .loading { break }
    }
    let signedIn = try await provider.login(
      identifier: "demo@example.com", password: "demo-password")
    let waitedFor = try await waited
    #expect(waitedFor.userId == signedIn.userId)
    #expect(waitedFor.idToken == signedIn.idToken)
    // onIdToken gets it whichever hands it on first — the sign-in that minted it, or the
    // waiter that read it from the store — and only once.
    let handed = tokens.items.compactMap { $0 }
    #expect(handed.contains(signedIn.idToken), "onIdToken got the token")
    #expect(handed.filter { $0 == signedIn.idToken }.count == 1, "onIdToken got it once")
    #expect(Set(handed).count == handed.count, "no token twice")
    while let state = await states.next() {
      seen.append(state)
      if case .authenticated = state { break }
    }
    #expect(seen.first == .unauthenticated)
    #expect(seen.contains(.loading))
  }

  @Test("login(onIdToken:) with nobody signing in throws signInTimeout")
  func loginTimesOutWaiting() async throws {
    let provider = provider(timeout: 0.05)
    await #expect(throws: ClerkAuthError.signInTimeout) {
      try await provider.login(onIdToken: { _ in })
    }
  }

  @Test("the sender retries a 401 exactly once and returns the second 401")
  func senderRetriesOnce() async throws {
    let backend = try UnauthorizedOnceBackend(alwaysUnauthorized: true)
    defer { backend.stop() }
    let provider = provider()
    _ = try await provider.login(identifier: "demo@example.com", password: "demo-password")
    let sender = AuthenticatedRequestSender(provider: provider)
    let response = try await sender.send(.init(method: "POST", url: backend.url, text: "{}"))
    #expect(response.status == 401)
    #expect(backend.authorizations.count == 2)
    let noRefresh = try await sender.send(.init(url: backend.url), refreshExpiredToken: false)
    #expect(noRefresh.status == 401)
    #expect(backend.authorizations.count == 3, "no retry without refreshExpiredToken")
  }

  @Test("the sender refreshes a token with less than minimumTTL left before sending")
  func senderRefreshesEarly() async throws {
    let backend = try UnauthorizedOnceBackend()
    defer { backend.stop() }
    let store = InMemoryCredentialStore()
    let provider = provider(
      store: ClerkCredentialStore(profile: "default", backing: .success(store)))
    let credentials = try await provider.login(
      identifier: "demo@example.com", password: "demo-password")
    // Make the cached token look 5 s from expiry (the JWT itself is unchanged).
    var stored = try #require(try store.load(profile: "default"))
    for (key, var token) in stored.tokens {
      token.expiresAt = Clock.system.epochSeconds + Int64(stored.clockSkew) + 5
      stored.tokens[key] = token
    }
    try store.save(stored)
    _ = try await AuthenticatedRequestSender(provider: provider).send(.init(url: backend.url))
    let first = try #require(backend.authorizations.first ?? nil)
    #expect(first != "Bearer " + credentials.idToken)
  }
}

/// A custom store: the serialized credential in memory.
final class BytesStore: Sendable {
  private let stored = Recorder<[UInt8]?>()

  var bytes: [UInt8]? { stored.items.last ?? nil }

  func load() throws -> StoredCredential? {
    try bytes.map { try StoredCredential(serialized: $0) }
  }

  func save(_ credential: StoredCredential) throws { stored.append(credential.serialized) }

  func destroy() { stored.append(nil) }
}
