import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

/// The built clerkctl against the emulator over loopback with a real Secret Service:
/// `gnome-keyring-daemon` on a private bus from `dbus-run-session`, both started here and
/// ended by each test (see ``KeyringSession``).
@Suite(
  "The OS keyring, end to end",
  .enabled(
    if: KeyringSession.unavailableReason == nil,
    Comment(rawValue: KeyringSession.unavailableReason ?? "")))
struct KeyringEndToEndTests {
  /// Every file under `directory` whose bytes contain `secret`.
  private static func files(under directory: String, containing secret: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: directory)
    var found: [String] = []
    while let name = enumerator?.nextObject() as? String {
      let path = directory + "/" + name
      if let data = FileManager.default.contents(atPath: path),
        String(decoding: data, as: UTF8.self).contains(secret)
      {
        found.append(path)
      }
    }
    return found
  }

  /// Runs `body` with a real Secret Service on a private bus, ended whether `body` throws or
  /// not.
  private static func withSecretService(
    _ body: (KeyringSession) async throws -> Void
  ) async throws {
    let session = try await KeyringSession(provider: true)
    do {
      try await body(session)
    } catch {
      await session.stop()
      throw error
    }
    await session.stop()
  }

  /// `login --store keyring` as the demo user, with the password on stdin, through `bus`.
  private static func keyringLogin(
    _ fixture: CLIFixture, bus: [String: String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--store", "keyring"],
      stdin: "demo-password\n", extra: bus)
    #expect(login.status == 0, "\(login.stderr)", sourceLocation: sourceLocation)
  }

  @Test("a keyring profile signs in, mints, says who it is and signs out with no secret on disk")
  func signInMintLogout() async throws {
    try await Self.withSecretService { try await Self.run($0) }
  }

  private static func run(_ session: KeyringSession) async throws {
    let fixture = try await CLIFixture(.binary)
    let bus = session.environment
    try await keyringLogin(fixture, bus: bus)
    let attributes = ["profile": "default", "directory": fixture.configDir]
    let secret = try #require(
      try await session.lookup(attributes), "no keyring item for the profile")
    #expect(secret.count > 20)
    #expect(try fixture.credential()["store"] == "keyring")
    #expect(Self.files(under: fixture.home.path, containing: secret).isEmpty)

    // Later commands need no flag: the profile remembers its store.
    let token = try await fixture.run(["token"], extra: bus)
    #expect(token.status == 0, "\(token.stderr)")
    #expect(try claims(of: token.stdout)["sub"]?.stringValue?.hasPrefix("user_") == true)
    let whoami = try await fixture.run(["whoami", "--json"], extra: bus)
    #expect(whoami.status == 0, "\(whoami.stderr)")
    #expect(try JSONValue(parsing: whoami.stdout)["email"] == "demo@example.com")
    let exec = try await fixture.run(
      ["exec", "--", "/bin/sh", "-c", "test -n \"$CLERK_TOKEN\""], extra: bus)
    #expect(exec.status == 0, "\(exec.stderr)")
    let list = try await fixture.run(["profile", "list", "--json"], extra: bus)
    #expect(
      try JSONValue(parsing: list.stdout)["profiles"]?.arrayValue?.first?["store"] == "keyring")
    #expect(Self.files(under: fixture.home.path, containing: secret).isEmpty)

    // Without the bus the profile's secret cannot be had: exit 3, never the file.
    let noBus = try await fixture.run(["token", "--force-refresh"])
    #expect(noBus.status == 3, "\(noBus.stderr)")
    #expect(noBus.stderr.contains("no D-Bus session bus"), "\(noBus.stderr)")

    let logout = try await fixture.run(["logout"], extra: bus)
    #expect(logout.status == 0, "\(logout.stderr)")
    #expect(try await session.lookup(attributes) == nil, "the keyring item outlived logout")
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
  }

  @Test("a machine profile keeps its secret key in the keyring; tokens mint and logout deletes it")
  func machineProfile() async throws {
    try await Self.withSecretService { session in
      let machine = try await MachineFixture()
      let bus = session.environment
      let login = try await machine.run(
        ["login", "--machine", "--secret-stdin", "--profile", "ci", "--store", "keyring"],
        stdin: MachineFixture.ciSecret + "\n", extra: bus)
      #expect(login.status == 0, "\(login.stderr)")
      let attributes = ["profile": "ci", "kind": "machine"]
      #expect(try await session.lookup(attributes) == MachineFixture.ciSecret)
      #expect(
        Self.files(under: machine.bench.home.path, containing: MachineFixture.ciSecret).isEmpty)
      let token = try await machine.run(["token", "--profile", "ci"], extra: bus)
      #expect(token.status == 0, "\(token.stderr)")
      #expect(token.stdout.hasPrefix("mt_"), "\(token.stdout)")
      let logout = try await machine.run(["logout", "--profile", "ci"], extra: bus)
      #expect(logout.status == 0, "\(logout.stderr)")
      #expect(try await session.lookup(attributes) == nil)
    }
  }

  @Test("profile rename stores a keyring profile's item under the new name and deletes the old")
  func renameMovesItem() async throws {
    try await Self.withSecretService { session in
      let fixture = try await CLIFixture(.binary)
      let bus = session.environment
      try await Self.keyringLogin(fixture, bus: bus)
      let old = ["profile": "default", "directory": fixture.configDir]
      let new = ["profile": "work", "directory": fixture.configDir]
      let secret = try #require(try await session.lookup(old), "no keyring item for the profile")

      let rename = try await fixture.run(["profile", "rename", "default", "work"], extra: bus)
      #expect(rename.status == 0, "\(rename.stderr)")
      #expect(try await session.lookup(new) == secret, "the item did not follow the new name")
      #expect(try await session.lookup(old) == nil, "the old item outlived the rename")
      let moved = try fixture.credential(profile: "work")
      #expect(moved["store"] == "keyring")
      #expect(moved["keyring"]?["profile"] == "work")
      #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
      #expect(Self.files(under: fixture.home.path, containing: secret).isEmpty)

      // The renamed profile works from the keyring, and its logout deletes the new item.
      let token = try await fixture.run(
        ["token", "--profile", "work", "--force-refresh"], extra: bus)
      #expect(token.status == 0, "\(token.stderr)")
      let logout = try await fixture.run(["logout", "--profile", "work"], extra: bus)
      #expect(logout.status == 0, "\(logout.stderr)")
      #expect(try await session.lookup(new) == nil)
    }
  }

  @Test("an oauth profile with --store keyring keeps its refresh token there, also after a refresh")
  func oauthProfile() async throws {
    try await Self.withSecretService { session in
      let fixture = try await CLIFixture(.binary)
      let bus = session.environment
      try await OAuthProfileEndToEndTests.signIn(
        fixture, OAuthProfileEndToEndTests.login + ["--store", "keyring"], extra: bus)
      let attributes = ["profile": "default", "kind": "oauth", "directory": fixture.configDir]
      let refresh = try #require(
        try await session.lookup(attributes), "no keyring item for the oauth profile")
      #expect(refresh.count > 10)
      let stored = try fixture.credential()
      #expect(stored["kind"] == "oauth")
      #expect(stored["store"] == "keyring")
      #expect(stored["oauth"]?["refresh_token"] == "")
      #expect(Self.files(under: fixture.home.path, containing: refresh).isEmpty)

      // A refresh reads the refresh token from the keyring and keeps the rotated one there.
      let token = try await fixture.run(["token", "--force-refresh"], extra: bus)
      #expect(token.status == 0, "\(token.stderr)")
      let accepted = try await OAuthProfileEndToEndTests.resource(
        fixture, OAuthProfileEndToEndTests.trimmed(token.stdout))
      #expect(accepted.status == 200, "\(accepted.bodyText)")
      let rotated = try #require(try await session.lookup(attributes))
      #expect(rotated != refresh, "the refresh token was not rotated into the keyring")
      #expect(Self.files(under: fixture.home.path, containing: rotated).isEmpty)
      #expect(try fixture.credential()["oauth"]?["refresh_token"] == "")

      let logout = try await fixture.run(["logout"], extra: bus)
      #expect(logout.status == 0, "\(logout.stderr)")
      #expect(try await session.lookup(attributes) == nil, "the keyring item outlived logout")
    }
  }

  @Test("--store keyring with no session bus is exit 3 naming it; nothing is stored")
  func noBus() async throws {
    let fixture = try await CLIFixture(.binary)
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--store", "keyring"],
      stdin: "demo-password\n", extra: ["XDG_RUNTIME_DIR": fixture.home.path])
    #expect(login.status == 3)
    #expect(
      login.stderr.contains(
        "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set and there is no socket at"),
      "\(login.stderr)")
    #expect(login.stderr.split(separator: "\n").count == 1, "\(login.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
    let signIns = try await fixture.admin.requests(containing: "/v1/client/sign_ins")
    #expect(signIns.isEmpty)
  }

  @Test("CLERKCTL_STORE=keyring on a bus with no Secret Service is exit 3 naming the provider")
  func noProvider() async throws {
    let session = try await KeyringSession(provider: false)
    let fixture: CLIFixture
    let login: ProcessResult
    do {
      fixture = try await CLIFixture(.binary)
      login = try await fixture.run(
        ["login", "--identifier", "demo@example.com", "--password-stdin"],
        stdin: "demo-password\n",
        extra: session.environment.merging(["CLERKCTL_STORE": "keyring"]) { _, new in new })
    } catch {
      await session.stop()
      throw error
    }
    await session.stop()
    #expect(login.status == 3)
    #expect(login.stderr.contains("no Secret Service provider"), "\(login.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
  }
}
