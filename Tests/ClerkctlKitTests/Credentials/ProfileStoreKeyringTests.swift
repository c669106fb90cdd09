import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkctlCore
@testable import ClerkctlKeyring
@testable import ClerkctlKit

/// Where a profile's secret is kept: the selection rules of `ProfileStore` with a keyring in
/// memory (the real one is exercised end to end in `KeyringEndToEndTests`).
@Suite("Profile store: secrets in the OS keyring")
struct ProfileStoreKeyringTests {
  /// A store in a fresh directory on `keyring`, saving to `requested`.
  private static func store(
    _ scratch: TemporaryDirectory, keyring: any SecretKeyring,
    requested: SecretLocation? = nil
  ) -> ProfileStore {
    var store = ProfileStore(directory: scratch.config)
    store.keyring = keyring
    store.requestedLocation = requested
    return store
  }

  private static func fileText(
    _ scratch: TemporaryDirectory, profile: String = "default"
  ) throws
    -> String
  {
    try String(
      contentsOfFile: scratch.config.credentialPath(profile: profile), encoding: .utf8)
  }

  @Test("a keyring save keeps the client token out of the file and loads it back whole")
  func userRoundTrip() throws {
    let scratch = TemporaryDirectory()
    let keyring = InMemoryKeyring()
    let store = Self.store(scratch, keyring: keyring, requested: .keyring)
    let credential = ProfileCredential.sample()
    try store.save(credential)

    let text = try Self.fileText(scratch)
    #expect(!text.contains("client_token_secret"))
    let document = try JSONValue(parsing: Array(text.utf8))
    #expect(document["store"] == "keyring")
    #expect(document["client_token"] == "")
    #expect(document["keyring"]?["profile"] == "default")
    #expect(document["keyring"]?["instance"] == "https://clean-mayfly-62.clerk.accounts.dev")
    #expect(document["keyring"]?["kind"] == "user")
    #expect(document["keyring"]?["directory"] == .string(scratch.config.path))
    // The short-lived cache stays in the file, beside the identity.
    #expect(document["tokens"]?["sess_1|convex"]?["jwt"] == "eyJ.convex.sig")
    #expect(document["email"] == "ada@example.com")
    #expect(Array(keyring.items.values) == ["client_token_secret"])

    #expect(try store.load(profile: "default") == credential)
    #expect(TemporaryDirectory.mode(of: scratch.config.credentialPath(profile: "default")) == 0o600)
  }

  @Test("a profile remembers its store: later saves with no request keep the secret there")
  func remembered() throws {
    let scratch = TemporaryDirectory()
    let keyring = InMemoryKeyring()
    try Self.store(scratch, keyring: keyring, requested: .keyring).save(.sample())
    let later = Self.store(scratch, keyring: keyring)
    // A token cache update of the loaded credential, and a new sign-in replacing it.
    var loaded = try #require(try later.load(profile: "default"))
    loaded.cache(
      CachedToken(jwt: "eyJ.new.sig", template: "other", issuedAt: 1, expiresAt: 2),
      sessionID: "sess_1")
    try later.save(loaded)
    #expect(try later.load(profile: "default") == loaded)
    var fresh = ProfileCredential.sample()
    fresh.clientToken = "client_token_rotated"
    try later.save(fresh)
    let text = try Self.fileText(scratch)
    #expect(!text.contains("client_token_rotated") && text.contains("\"keyring\""))
    #expect(Array(keyring.items.values) == ["client_token_rotated"])
    #expect(later.secretLocation(profile: "default") == .keyring)
  }

  @Test("asking for the file moves the secret back and deletes the keyring item")
  func backToFile() throws {
    let scratch = TemporaryDirectory()
    let keyring = InMemoryKeyring()
    try Self.store(scratch, keyring: keyring, requested: .keyring).save(.sample())
    try Self.store(scratch, keyring: keyring, requested: .file).save(.sample())
    #expect(try Self.fileText(scratch).contains("client_token_secret"))
    #expect(keyring.items.isEmpty)
    #expect(Self.store(scratch, keyring: keyring).secretLocation(profile: "default") == .file)
  }

  @Test("signing in on another instance replaces the item, never leaves the old one behind")
  func otherInstance() throws {
    let scratch = TemporaryDirectory()
    let keyring = InMemoryKeyring()
    let store = Self.store(scratch, keyring: keyring, requested: .keyring)
    try store.save(.sample())
    var elsewhere = ProfileCredential.sample()
    elsewhere.fapiURL = "http://127.0.0.1:8787"
    elsewhere.clientToken = "client_token_elsewhere"
    try store.save(elsewhere)
    #expect(keyring.items.map(\.key.instance) == ["http://127.0.0.1:8787"])
    #expect(try store.load(profile: "default")?.clientToken == "client_token_elsewhere")
  }

  @Test("deleting the profile deletes its keyring item; other profiles and directories keep theirs")
  func delete() throws {
    let scratch = TemporaryDirectory()
    let other = TemporaryDirectory()
    let keyring = InMemoryKeyring()
    let store = Self.store(scratch, keyring: keyring, requested: .keyring)
    try store.save(.sample())
    try store.save(.sample(profile: "work"))
    try Self.store(other, keyring: keyring, requested: .keyring).save(.sample())
    #expect(keyring.items.count == 3)
    #expect(try store.delete(profile: "default"))
    #expect(keyring.items.count == 2)
    #expect(
      !keyring.items.keys.contains {
        $0.profile == "default" && $0.directory == scratch.config.path
      })
    #expect(try store.load(profile: "default") == nil)
  }

  @Test("machine and API key profiles keep their secret keys in the keyring")
  func otherKinds() throws {
    let scratch = TemporaryDirectory()
    let keyring = InMemoryKeyring()
    let store = Self.store(scratch, keyring: keyring, requested: .keyring)
    var machine = ProfileCredential(
      profile: "ci", fapiURL: "", clientToken: "", signedInAt: 5)
    machine.kind = .machine
    machine.machine = MachineCredential(
      secretKey: "ak_machine_secret", apiURL: "http://127.0.0.1:9000", machineID: "mch_1")
    try store.save(machine)
    var key = ProfileCredential(profile: "keys", fapiURL: "", clientToken: "", signedInAt: 5)
    key.kind = .apiKey
    key.apiKey = APIKeyCredential(key: "ak_api_key_secret", subject: "user_1")
    try store.save(key)

    #expect(!(try Self.fileText(scratch, profile: "ci")).contains("ak_machine_secret"))
    #expect(!(try Self.fileText(scratch, profile: "keys")).contains("ak_api_key_secret"))
    #expect(try store.load(profile: "ci") == machine)
    #expect(try store.load(profile: "keys") == key)
    let machineItem = try #require(keyring.items.keys.first { $0.profile == "ci" })
    #expect(machineItem.kind == "machine" && machineItem.instance == "http://127.0.0.1:9000")
  }

  @Test("a keyring that does not answer fails the save with nothing written, and the load")
  func unavailable() throws {
    let scratch = TemporaryDirectory()
    let keyring = InMemoryKeyring()
    keyring.fail(with: .noSessionBus(detail: "DBUS_SESSION_BUS_ADDRESS is not set"))
    let store = Self.store(scratch, keyring: keyring, requested: .keyring)
    #expect(
      throws: CredentialStoreError.keyring(
        .noSessionBus(detail: "DBUS_SESSION_BUS_ADDRESS is not set"))
    ) {
      try store.save(.sample())
    }
    #expect(
      !FileManager.default.fileExists(atPath: scratch.config.credentialPath(profile: "default")))

    keyring.fail(with: nil)
    try store.save(.sample())
    keyring.fail(with: .noProvider(detail: "no owner"))
    #expect(throws: CredentialStoreError.keyring(.noProvider(detail: "no owner"))) {
      try store.load(profile: "default")
    }
    // The file is kept, so the item is still known when the keyring answers again.
    #expect(throws: CredentialStoreError.keyring(.noProvider(detail: "no owner"))) {
      try store.delete(profile: "default")
    }
    #expect(
      FileManager.default.fileExists(atPath: scratch.config.credentialPath(profile: "default")))
  }

  @Test("a keyring that lost the item is reported, not read as an empty token")
  func itemMissing() throws {
    let scratch = TemporaryDirectory()
    let keyring = InMemoryKeyring()
    let store = Self.store(scratch, keyring: keyring, requested: .keyring)
    try store.save(.sample())
    _ = try keyring.clear(profile: "default", directory: scratch.config.path)
    let path = scratch.config.credentialPath(profile: "default")
    #expect(throws: CredentialStoreError.keyringItemMissing(path: path)) {
      try store.load(profile: "default")
    }
  }

  @Test("file profiles never reach the keyring (one that refuses every call)")
  func fileProfilesNeverAsk() throws {
    let scratch = TemporaryDirectory()
    let store = Self.store(scratch, keyring: UnconfiguredKeyring())
    try store.save(.sample())
    var loaded = try #require(try store.load(profile: "default"))
    loaded.clientToken = "client_token_2"
    try store.save(loaded)
    #expect(try store.load(profile: "default") == loaded)
    #expect(try store.delete(profile: "default"))
    // And a keyring profile with the default keyring of a context that has none fails.
    try Self.store(scratch, keyring: InMemoryKeyring(), requested: .keyring).save(.sample())
    #expect(throws: CredentialStoreError.keyring(.notConfigured)) {
      try store.load(profile: "default")
    }
  }

  @Test("the library's keyring store requests the keyring; its file store follows the profile")
  func libraryStores() throws {
    let scratch = TemporaryDirectory()
    let keyring = ClerkCredentialStore.keyring(profile: "app", configDirectory: scratch.path)
    let store = try #require(try keyring.backing.get() as? ProfileStore)
    #expect(store.requestedLocation == .keyring)
    let file = ClerkCredentialStore.file(profile: "app", configDirectory: scratch.path)
    #expect(try #require(try file.backing.get() as? ProfileStore).requestedLocation == nil)
  }
}

@Suite("The Secret Service keyring's rules")
struct SecretServiceRulesTests {
  @Test("a session bus is an address, else a socket at XDG_RUNTIME_DIR/bus")
  func sessionBus() {
    #expect(SessionBus.problem(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]) == nil)
    #expect(
      SessionBus.problem(environment: [:])
        == "DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are not set")
    #expect(
      SessionBus.problem(environment: ["XDG_RUNTIME_DIR": "/run/user/1"], isSocket: { _ in false })
        == "DBUS_SESSION_BUS_ADDRESS is not set and there is no socket at /run/user/1/bus")
    #expect(
      SessionBus.problem(
        environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/run/user/1"],
        isSocket: { $0 == "/run/user/1/bus" }) == nil)
  }

  @Test("GLib errors sort into: no provider, no bus, or a failure of the call")
  func classify() {
    let unknown = "The name org.freedesktop.secrets was not provided by any .service files"
    #expect(
      SecretServiceKeyring.classify(("g-dbus-error-quark", 2, unknown), operation: "store")
        == .noProvider(detail: unknown))
    #expect(
      SecretServiceKeyring.classify(
        ("g-io-error-quark", 1, "Could not connect: No such file or directory"),
        operation: "store") == .noSessionBus(detail: "Could not connect: No such file or directory")
    )
    #expect(
      SecretServiceKeyring.classify(
        ("secret-error", 1, "Cannot create an item in a locked collection"), operation: "store")
        == .failed(operation: "store", message: "Cannot create an item in a locked collection"))
  }

  @Test("each error is one line naming what is missing")
  func descriptions() {
    #expect(
      KeyringError.noSessionBus(detail: "DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are not set")
        .description
        == "the OS keyring is unavailable: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS and "
        + "XDG_RUNTIME_DIR are not set)")
    #expect(
      KeyringError.noLibrary(detail: "libsecret-1.so.0: cannot open shared object file")
        .description.contains("no libsecret-1.so.0 ("))
    #expect(KeyringError.noProvider(detail: "x").description.contains("no Secret Service provider"))
    for error in [
      KeyringError.noSessionBus(detail: "a"), .noLibrary(detail: "b"), .noProvider(detail: "c"),
      .failed(operation: "store", message: "d"), .notConfigured,
    ] {
      #expect(!error.description.contains("\n"))
    }
  }
}
