import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl login` run in process against the emulator in memory.
@Suite("clerkctl login, in process")
struct LoginCommandTests {
  /// Also through the built binary over loopback: the wire and the real process agree.
  @Test(
    "password sign-in takes one request, stores the credential and says who signed in",
    arguments: [CLIFixture.Mode.inProcess, .binary])
  func password(mode: CLIFixture.Mode) async throws {
    let fixture = try await CLIFixture(mode)
    let result = try await fixture.signIn()
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Signed in as demo@example.com (user_"))
    // The port is kept: two local instances differ only by it.
    let port = try #require(fixture.fapiURL.split(separator: ":").last)
    #expect(result.stderr.contains("on 127.0.0.1:\(port)\n"))
    let signIns = try await fixture.admin.requests(containing: "/v1/client/sign_ins")
    #expect(signIns.count == 1)
    #expect(signIns.first?.method == "POST")
    let stored = try fixture.credential()
    #expect(stored["email"]?.stringValue == "demo@example.com")
    #expect(stored["session_id"]?.stringValue?.hasPrefix("sess_") == true)
    #expect(stored["client_token"]?.stringValue?.isEmpty == false)
  }

  @Test("--json prints the sign-in as an object on stdout")
  func json() async throws {
    let fixture = try await CLIFixture()
    let result = try await fixture.run(
      ["login", "--email", "demo@example.com", "--password-stdin", "--json"],
      stdin: "demo-password\n")
    #expect(result.status == 0)
    let json = try JSONValue(parsing: result.stdout)
    #expect(json["schema_version"] == 1)
    #expect(json["email"]?.stringValue == "demo@example.com")
    #expect(json["identifier"]?.stringValue == "demo@example.com")
    #expect(json["profile"]?.stringValue == "default")
    #expect(json["fapi_url"]?.stringValue == fixture.fapiURL)
    #expect(json["session_id"]?.stringValue?.hasPrefix("sess_") == true)
    #expect(json["user_id"]?.stringValue?.hasPrefix("user_") == true)
  }

  @Test("email code: Clerk's test address accepts 424242 from --code-stdin")
  func emailCode() async throws {
    let fixture = try await CLIFixture()
    let result = try await fixture.run(
      [
        "login", "--identifier", "demo+clerk_test@example.com", "--strategy", "email_code",
        "--code-stdin",
      ], stdin: "424242\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as demo+clerk_test@example.com"))
    let token = try await fixture.run(["token"])
    #expect(token.status == 0)
  }

  @Test("second factor: the password is stdin's first line, the TOTP code its second")
  func totp() async throws {
    let fixture = try await CLIFixture()
    let code = try fixture.totpCode()
    let result = try await fixture.run(
      ["login", "--identifier", "mfa@example.com", "--password-stdin", "--code-stdin"],
      stdin: "demo-password\n\(code)\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as mfa@example.com"))
  }

  @Test("ticket: a Backend API sign-in token redeemed from --ticket-stdin")
  func ticket() async throws {
    let fixture = try await CLIFixture()
    let ticket = try await fixture.admin.signInToken(
      userID: try fixture.admin.userID(email: "demo@example.com"))
    let result = try await fixture.run(["login", "--ticket-stdin"], stdin: ticket + "\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as demo@example.com"))
    let reused = try await fixture.run(
      ["login", "--ticket-stdin", "--profile", "again"], stdin: ticket)
    #expect(reused.status == 6)
    #expect(reused.stdout.isEmpty)
  }

  @Test("CI: --user-id with CLERK_SECRET_KEY makes a ticket through the Backend API")
  func userID() async throws {
    let fixture = try await CLIFixture()
    let user = try await fixture.admin.userID(email: "mfa@example.com")
    let extra = [
      "CLERK_SECRET_KEY": fixture.secretKey, "CLERK_API_URL": fixture.fapiURL,
    ]
    let result = try await fixture.run(["login", "--user-id", user], extra: extra)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("(\(user))"))
    let missingKey = try await fixture.run(
      ["login", "--user-id", user], extra: ["CLERK_API_URL": fixture.fapiURL])
    #expect(missingKey.status == 2)
    #expect(missingKey.stderr.contains("CLERK_SECRET_KEY"))
    let wrongKey = try await fixture.run(
      ["login", "--user-id", user],
      extra: ["CLERK_SECRET_KEY": "sk_test_wrong", "CLERK_API_URL": fixture.fapiURL])
    #expect(wrongKey.status == 3)
    #expect(!wrongKey.stderr.contains("sk_test_wrong"))
  }

  @Test(
    "refusals exit 6 with empty stdout",
    arguments: [
      (["--identifier", "demo@example.com", "--password-stdin"], "wrong-password\n"),
      (["--identifier", "nobody@example.com", "--password-stdin"], "demo-password\n"),
      (
        [
          "--identifier", "demo+clerk_test@example.com", "--strategy", "email_code", "--code-stdin",
        ],
        "111111\n"
      ),
      (
        ["--identifier", "mfa@example.com", "--password-stdin", "--code-stdin"],
        "demo-password\n000000\n"
      ),
      (["--ticket-stdin"], "not-a-ticket\n"),
    ])
  func refusals(arguments: [String], stdin: String) async throws {
    let fixture = try await CLIFixture()
    let result = try await fixture.run(["login"] + arguments, stdin: stdin)
    #expect(result.status == 6, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.last?.hasPrefix("clerkctl: sign-in rejected") == true)
    #expect(lines.filter { $0.hasPrefix("clerkctl:") }.count == 1)
  }

  @Test(
    "missing non-interactive input is a usage error that names the flag",
    arguments: [
      (["--identifier", "demo@example.com"], "--password-stdin"),
      (["--password-stdin"], "--identifier"),
      (
        ["--identifier", "demo+clerk_test@example.com", "--strategy", "email_code"], "--code-stdin"
      ),
      (["--identifier", "mfa@example.com", "--password-stdin"], "--code-stdin"),
    ])
  func missingInput(arguments: [String], flag: String) async throws {
    let fixture = try await CLIFixture()
    let result = try await fixture.run(["login"] + arguments, stdin: "demo-password\n")
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(flag))
  }

  @Test("no instance configured: exit 3 saying how to configure one")
  func noInstance() async throws {
    let sandbox = try await CLIFixture()
    let noInstance = ["CLERK_FAPI_URL": ""]
    let result = try await sandbox.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: "x\n",
      extra: noInstance)
    #expect(result.status == 3)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("CLERK_PUBLISHABLE_KEY"))
    // Where the key comes from, the command to run with it, and the emulator's variable.
    #expect(result.stderr.contains("Clerk Dashboard → API keys"))
    #expect(result.stderr.contains("'clerkctl login --publishable-key pk_test_… --identifier"))
    #expect(result.stderr.contains("CLERK_FAPI_URL"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    let help = try await sandbox.run(["login", "--help"], extra: noInstance)
    #expect(help.stdout.contains("clerkctl login --publishable-key pk_test_… --identifier"))
    #expect(help.stdout.contains("Clerk Dashboard under API keys"))
    #expect(help.stdout.contains("(or set CLERK_FAPI_URL to its URL)"))
    #expect(help.stdout.contains("clerkctl login --fapi-url http://127.0.0.1:PORT"))
    let badKey = try await sandbox.run(
      ["token", "--publishable-key", "pk_test_bm9wZQ"], extra: noInstance)
    #expect(badKey.status == 3, "\(badKey.stderr)")
    #expect(badKey.stdout.isEmpty)
  }

  @Test("a bad publishable key is exit 3 with the reason")
  func badPublishableKey() async throws {
    let sandbox = try await CLIFixture()
    let result = try await sandbox.run(
      [
        "login", "--publishable-key", "pk_test_bm9wZQ", "--identifier", "demo@example.com",
        "--password-stdin",
      ], stdin: "x\n", extra: ["CLERK_FAPI_URL": ""])
    #expect(result.status == 3)
    #expect(result.stderr.contains("publishable key"))
  }

  @Test(
    "signing in again keeps the old credential until the new one is stored, then ends the old session"
  )
  func reLogin() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    let first = try #require(fixture.credential()["session_id"]?.stringValue)
    let failed = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: "wrong\n")
    #expect(failed.status == 6)
    #expect(try fixture.credential()["session_id"]?.stringValue == first)
    await #expect(try fixture.run(["token"]).status == 0)
    try await fixture.signIn()
    let second = try #require(fixture.credential()["session_id"]?.stringValue)
    #expect(second != first)
    let removals = try await fixture.admin.requests(containing: "/sessions/\(first)/remove")
    #expect(removals.count == 1)
    #expect(removals.first?.status == 200)
  }

  @Test("--ticket-ttl without --user-id or --impersonate is a usage error, nothing sent")
  func ticketTTLAlone() {
    let home = TemporaryDirectory()
    let result = runCLI(
      ["login", "--ticket-ttl", "5", "--identifier", "demo@example.com", "--password-stdin"],
      input: "demo-password\n", environment: ["HOME": home.path, "CLERKCTL_CONFIG_DIR": home.path])
    #expect(result.code == 2, "\(result.error)")
    #expect(result.error.contains("--ticket-ttl sets the lifetime of the --user-id"))
  }

  @Test("api-key create's --expires-in shows no default of 0 in its help")
  func expiresInHelp() {
    let help = runCLI(["api-key", "create", "--help"]).output
    #expect(help.contains("--expires-in"))
    #expect(!help.contains("(default: 0)"), "\(help)")
  }
}
