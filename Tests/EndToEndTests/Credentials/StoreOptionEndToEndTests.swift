import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Which store a sign-in uses, through the built binary: `--store` (a global option, before or
/// after the command) > `CLERKCTL_STORE` > the profile's `store` config > the profile's own >
/// the file. The keyring is asked for on a private bus — with no Secret Service on it to see
/// which store won by the exit 3 that names the missing provider, with a real one to see the
/// secret land in it.
@Suite(
  "--store, CLERKCTL_STORE and the store config, end to end",
  .enabled(
    if: KeyringSession.unavailableReason == nil,
    Comment(rawValue: KeyringSession.unavailableReason ?? "")))
struct StoreOptionEndToEndTests {
  private static let login = ["login", "--identifier", "demo@example.com", "--password-stdin"]
  private static let noProvider =
    "clerkctl: the OS keyring is unavailable: no Secret Service provider on the D-Bus session bus"

  /// Runs `body` with a fixture whose default profile has `store` set to `configured`, and a
  /// bus (with a Secret Service on it when `provider`), ending the bus however it goes.
  private static func withBus(
    provider: Bool, configured: String,
    _ body: (CLIFixture, KeyringSession) async throws -> Void
  ) async throws {
    let session = try await KeyringSession(provider: provider)
    do {
      let fixture = try await CLIFixture(.binary)
      let set = try await fixture.run(["config", "set", "store", configured])
      #expect(set.status == 0, "\(set.stderr)")
      try await body(fixture, session)
    } catch {
      await session.stop()
      throw error
    }
    await session.stop()
  }

  @Test("config set store keyring is the default of the next login: exit 3 naming the provider")
  func configIsTheDefault() async throws {
    try await Self.withBus(provider: false, configured: "keyring") { fixture, session in
      let get = try await fixture.run(["config", "get", "store"])
      #expect(get.stdout == "keyring\n", "\(get)")
      let status = try await fixture.run(["status", "--offline"], extra: session.environment)
      #expect(
        status.stdout.contains(
          "store:      keyring for the next sign-in (from the profile's 'store' config)"),
        "\(status.stdout)")
      let json = try await fixture.run(
        ["status", "--offline", "--json"], extra: session.environment)
      let object = try JSONValue(parsing: json.stdout)
      #expect(object["store"] == "keyring" && object["store_from"] == "config", "\(object)")
      let login = try await fixture.run(
        Self.login, stdin: "demo-password\n", extra: session.environment)
      #expect(login.status == 3, "\(login.stderr)")
      let lines = login.stderr.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].hasPrefix(Self.noProvider), "\(login.stderr)")
      #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
      // Nothing was sent: the keyring is asked before Clerk.
      #expect(try await fixture.requests().filter { $0.path.hasPrefix("/v1/client") }.isEmpty)
    }
  }

  @Test(
    "--store (before or after the command) and CLERKCTL_STORE beat the config",
    arguments: [
      (["--store", "file"] + login, [String: String]()),
      (login + ["--store", "file"], [:]),
      (login, ["CLERKCTL_STORE": "file"]),
    ])
  func flagAndEnvironmentBeatConfig(arguments: [String], extra: [String: String]) async throws {
    try await Self.withBus(provider: false, configured: "keyring") { fixture, session in
      let login = try await fixture.run(
        arguments, stdin: "demo-password\n", extra: session.environment.merging(extra) { $1 })
      #expect(login.status == 0, "\(login.stderr)")
      #expect(try fixture.credential()["store"] == nil, "the secret should be in the file")
    }
  }

  @Test("--store keyring beats CLERKCTL_STORE=file and a file config")
  func flagBeatsEnvironment() async throws {
    try await Self.withBus(provider: false, configured: "file") { fixture, session in
      let login = try await fixture.run(
        Self.login + ["--store", "keyring"], stdin: "demo-password\n",
        extra: session.environment.merging(["CLERKCTL_STORE": "file"]) { $1 })
      #expect(login.status == 3, "\(login.stderr)")
      #expect(login.stderr.hasPrefix(Self.noProvider), "\(login.stderr)")
    }
  }

  @Test("with a Secret Service, a login after config set store keyring keeps the secret there")
  func configStoresInKeyring() async throws {
    try await Self.withBus(provider: true, configured: "keyring") { fixture, session in
      let login = try await fixture.run(
        Self.login, stdin: "demo-password\n", extra: session.environment)
      #expect(login.status == 0, "\(login.stderr)")
      #expect(try fixture.credential()["store"] == "keyring")
      let secret = try await session.lookup(["profile": "default", "directory": fixture.configDir])
      #expect((secret?.count ?? 0) > 20, "no keyring item for the profile")
      let doctor = try await fixture.run(["doctor", "--json"], extra: session.environment)
      #expect(
        doctor.stdout.contains("the secret in the OS keyring (from the profile's 'store' config)"),
        "\(doctor.stdout)")
      let token = try await fixture.run(["token"], extra: session.environment)
      #expect(token.status == 0, "\(token.stderr)")
      let logout = try await fixture.run(["logout"], extra: session.environment)
      #expect(logout.status == 0, "\(logout.stderr)")
    }
  }
}
