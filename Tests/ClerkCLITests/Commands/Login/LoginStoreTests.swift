import ClerkTestSupport
import ClerkctlCore
import ClerkctlKeyring
import Foundation
import Testing

/// `login --store keyring|file` and `CLERKCTL_STORE`, in process with a keyring in memory:
/// where the secret goes, that later commands follow the profile without a flag, and that a
/// keyring that does not answer is exit 3 before anything is sent.
@Suite("clerkctl login --store, in process")
struct LoginStoreTests {
  private static let password = "demo-password\n"

  /// The credential file's text.
  private static func fileText(
    _ fixture: CLIFixture, profile: String = "default"
  ) throws
    -> String
  {
    try String(contentsOfFile: fixture.credentialPath(profile: profile), encoding: .utf8)
  }

  @Test("--store keyring: the client token is in the keyring only; token, whoami, logout follow")
  func keyringProfile() async throws {
    let fixture = try await CLIFixture()
    let keyring = InMemoryKeyring()
    fixture.useKeyring(keyring)
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--store", "keyring"],
      stdin: Self.password)
    #expect(login.status == 0, "\(login.stderr)")
    let secret = try #require(keyring.items.values.first)
    #expect(secret.hasPrefix("client_") || !secret.isEmpty)
    let text = try Self.fileText(fixture)
    #expect(!text.contains(secret))
    #expect(try fixture.credential()["store"] == "keyring")

    let token = try await fixture.run(["token"])
    #expect(token.status == 0, "\(token.stderr)")
    #expect(try claims(of: token.stdout)["sub"]?.stringValue?.hasPrefix("user_") == true)
    // The cached JWT is in the file; the client token still is not.
    #expect(try Self.fileText(fixture).contains(token.stdout.trimmingWhitespace()))
    #expect(!(try Self.fileText(fixture)).contains(secret))
    #expect(try await fixture.run(["whoami"]).status == 0)
    let list = try JSONValue(parsing: try await fixture.run(["profile", "list", "--json"]).stdout)
    #expect(list["profiles"]?.arrayValue?.first?["store"] == "keyring")
    let status = try JSONValue(parsing: try await fixture.run(["status", "--json"]).stdout)
    #expect(status["profiles"]?.arrayValue?.first?["store"] == "keyring")

    let logout = try await fixture.run(["logout"])
    #expect(logout.status == 0, "\(logout.stderr)")
    #expect(keyring.items.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
  }

  @Test("CLERKCTL_STORE=keyring selects it too; a new sign-in on the profile stays there")
  func environment() async throws {
    let fixture = try await CLIFixture()
    let keyring = InMemoryKeyring()
    fixture.useKeyring(keyring)
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: Self.password,
      extra: ["CLERKCTL_STORE": "keyring"])
    #expect(login.status == 0, "\(login.stderr)")
    #expect(keyring.items.count == 1)
    // Signing in again with neither: the profile remembers.
    let again = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: Self.password)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try fixture.credential()["store"] == "keyring")
    #expect(keyring.items.count == 1)
    // The flag wins over the variable: back to the file, the item deleted.
    let file = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--store", "file"],
      stdin: Self.password, extra: ["CLERKCTL_STORE": "keyring"])
    #expect(file.status == 0, "\(file.stderr)")
    #expect(try fixture.credential()["store"] == nil)
    #expect(try fixture.credential()["client_token"]?.stringValue?.isEmpty == false)
    #expect(keyring.items.isEmpty)
  }

  @Test("the default is the file, and a file profile never asks the keyring")
  func defaultIsFile() async throws {
    // The fixture's default keyring refuses every call: any use would fail the commands.
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    #expect(try fixture.credential()["client_token"]?.stringValue?.isEmpty == false)
    #expect(try await fixture.run(["token"]).status == 0)
    #expect(try await fixture.run(["logout"]).status == 0)
  }

  @Test("an API key profile keeps the key in the keyring")
  func apiKey() async throws {
    let fixture = try await CLIFixture()
    let keyring = InMemoryKeyring()
    fixture.useKeyring(keyring)
    let key = "ak_test_keyring_0123456789abcdef"
    let login = try await fixture.run(
      ["login", "--api-key-stdin", "--profile", "ci", "--store", "keyring"], stdin: key + "\n")
    #expect(login.status == 0, "\(login.stderr)")
    #expect(!(try Self.fileText(fixture, profile: "ci")).contains(key))
    #expect(Array(keyring.items.values) == [key])
    let token = try await fixture.run(["token", "--profile", "ci"])
    #expect(token.status == 0, "\(token.stderr)")
    #expect(token.stdout == key + "\n")
  }

  @Test(
    "asking for a keyring that does not answer is exit 3 naming what is missing; nothing sent",
    arguments: [
      (
        KeyringError.noSessionBus(
          detail: "DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are not set"),
        "no D-Bus session bus"
      ),
      (
        .noLibrary(detail: "libsecret-1.so.0: cannot open shared object file"),
        "no libsecret-1.so.0"
      ),
      (
        .noProvider(detail: "The name org.freedesktop.secrets was not provided"),
        "no Secret Service provider"
      ),
    ])
  func unavailable(failure: KeyringError, missing: String) async throws {
    let fixture = try await CLIFixture()
    let keyring = InMemoryKeyring()
    keyring.fail(with: failure)
    fixture.useKeyring(keyring)
    try await fixture.clearRequests()
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--store", "keyring"],
      stdin: Self.password)
    #expect(login.status == 3)
    #expect(login.stderr.contains(missing), "\(login.stderr)")
    #expect(login.stderr.split(separator: "\n").count == 1, "\(login.stderr)")
    #expect(try await fixture.requests().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
  }

  @Test("a keyring profile whose keyring stopped answering is exit 3 on later commands too")
  func laterUnavailable() async throws {
    let fixture = try await CLIFixture()
    let keyring = InMemoryKeyring()
    fixture.useKeyring(keyring)
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--store", "keyring"],
      stdin: Self.password)
    #expect(login.status == 0, "\(login.stderr)")
    keyring.fail(with: .noProvider(detail: "gone"))
    let token = try await fixture.run(["token"])
    #expect(token.status == 3)
    #expect(token.stderr.contains("no Secret Service provider"), "\(token.stderr)")
    #expect(token.stdout.isEmpty)
  }

  @Test("a CLERKCTL_STORE other than file or keyring is a usage error")
  func badVariable() async throws {
    let fixture = try await CLIFixture()
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: Self.password,
      extra: ["CLERKCTL_STORE": "vault"])
    #expect(login.status == 2)
    #expect(login.stderr.contains("CLERKCTL_STORE must be file or keyring, got 'vault'"))
    let flag = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--store", "vault"],
      stdin: Self.password)
    #expect(flag.status == 2)
  }
}
