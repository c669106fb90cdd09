import ClerkCLI
import ClerkEmulator
import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl login` by phone code, by username, and with a backup code as the second factor,
/// in process against the emulator in memory.
@Suite("clerkctl login by phone, username and backup code, in process")
struct LoginPhoneAndBackupCodeTests {
  @Test("phone code: Clerk's test number accepts 424242 from --code-stdin; named by the phone")
  func phoneCode() throws {
    let fixture = try CLIFixture(.inProcess)
    let result = try fixture.run(
      ["login", "--identifier", "+15555550100", "--strategy", "phone_code", "--code-stdin"],
      stdin: "424242\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Clerk sent a code to +15555550100."))
    #expect(result.stderr.contains("Signed in as +15555550100 (user_"))
    let stored = try fixture.credential()
    #expect(stored["email"] == .null)
    #expect(stored["identifier"]?.stringValue == "+15555550100")
    #expect(try fixture.run(["token"]).status == 0)
  }

  @Test("whoami names a user without an email by the phone number, in text and --json")
  func whoamiPhoneUser() throws {
    let fixture = try CLIFixture(.inProcess)
    let login = try fixture.run(
      ["login", "--identifier", "+15555550100", "--strategy", "phone_code", "--code-stdin"],
      stdin: "424242\n")
    try #require(login.status == 0, "\(login.stderr)")
    let text = try fixture.run(["whoami"])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("email:    (none; signed in as +15555550100)\n"))
    let json = try JSONValue(parsing: try fixture.run(["whoami", "--json"]).stdout)
    #expect(json["identifier"]?.stringValue == "+15555550100")
    #expect(json["email"] == .null)
  }

  @Test("phone code --json: identifier is the phone number, email is null")
  func phoneCodeJSON() throws {
    let fixture = try CLIFixture(.inProcess)
    let result = try fixture.run(
      [
        "login", "--identifier", "+15555550100", "--strategy", "phone_code", "--code-stdin",
        "--json",
      ], stdin: "424242\n")
    #expect(result.status == 0, "\(result.stderr)")
    let json = try JSONValue(parsing: result.stdout)
    #expect(json["identifier"]?.stringValue == "+15555550100")
    #expect(json["email"] == .null)
  }

  @Test("a wrong phone code without a terminal exits 6 and stores nothing")
  func wrongPhoneCode() throws {
    let fixture = try CLIFixture(.inProcess)
    let result = try fixture.run(
      ["login", "--identifier", "+15555550100", "--strategy", "phone_code", "--code-stdin"],
      stdin: "000000\n")
    #expect(result.status == 6)
    #expect(result.stderr.contains("sign-in rejected: Incorrect code"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
  }

  @Test("the username alone offers the phone code (identifier first, code on stdin)")
  func usernameIdentifierFirst() throws {
    let fixture = try CLIFixture(.inProcess)
    let result = try fixture.run(
      ["login", "--identifier", "phoneuser", "--code-stdin"], stdin: "424242\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as +15555550100"))
    let prepare = try fixture.admin.requests(containing: "/prepare_first_factor")
    #expect(prepare.count == 1)
  }

  @Test("a username with a password signs in; the success line names the email it has")
  func usernameWithPassword() throws {
    var configuration = EmulatorConfiguration.seed
    configuration.users.append(.init(password: "alice-password", username: "alice"))
    configuration.users.append(
      .init(email: "bob@example.com", password: "bob-password", username: "bob"))
    let fixture = try CLIFixture(.inProcess, configuration: configuration)
    let alice = try fixture.run(
      ["login", "--identifier", "alice", "--password-stdin", "--json"],
      stdin: "alice-password\n")
    #expect(alice.status == 0, "\(alice.stderr)")
    #expect(alice.stderr.contains("Signed in as alice (user_"))
    #expect(try JSONValue(parsing: alice.stdout)["identifier"]?.stringValue == "alice")
    let bob = try fixture.run(
      ["login", "--identifier", "bob", "--password-stdin", "--profile", "bob"],
      stdin: "bob-password\n")
    #expect(bob.stderr.contains("Signed in as bob@example.com"), "\(bob.stderr)")
  }

  @Test("an unknown username exits 6")
  func unknownUsername() throws {
    let fixture = try CLIFixture(.inProcess)
    let result = try fixture.run(
      ["login", "--identifier", "nobody", "--password-stdin"], stdin: "whatever\n")
    #expect(result.status == 6)
    #expect(
      result.stderr.contains("sign-in rejected: Couldn't find your account"), "\(result.stderr)")
  }

  @Test("--second-factor backup_code: the code is stdin's second line; a used one exits 6")
  func backupCode() throws {
    let fixture = try CLIFixture(.inProcess)
    let arguments = [
      "login", "--identifier", "mfa@example.com", "--password-stdin", "--second-factor",
      "backup_code",
    ]
    let first = try fixture.run(arguments, stdin: "demo-password\nbackup-0001\n")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("Signed in as mfa@example.com"))
    let attempts = try fixture.admin.requests(containing: "/attempt_second_factor")
    #expect(attempts.count == 1)

    let again = try fixture.run(
      arguments + ["--profile", "again"], stdin: "demo-password\nbackup-0001\n")
    #expect(again.status == 6)
    #expect(again.stderr.contains("sign-in rejected: Incorrect code"), "\(again.stderr)")
    // With --code-stdin as well, the same.
    let other = try fixture.run(
      arguments + ["--code-stdin", "--profile", "other"], stdin: "demo-password\nbackup-0002\n")
    #expect(other.status == 0, "\(other.stderr)")
  }

  @Test("--second-factor phone_code: prepared with the phone number, the code from stdin")
  func phoneSecondFactor() throws {
    var configuration = EmulatorConfiguration.seed
    configuration.users = [
      .init(
        email: "two@example.com", password: "demo-password", totpSecret: "JBSWY3DPEHPK3PXP",
        phone: "+15555550142")
    ]
    let fixture = try CLIFixture(.inProcess, configuration: configuration)
    let result = try fixture.run(
      [
        "login", "--identifier", "two@example.com", "--password-stdin", "--second-factor",
        "phone_code",
      ], stdin: "demo-password\n424242\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Clerk sent a code to +15555550142."))
    #expect(try fixture.admin.requests(containing: "/prepare_second_factor").count == 1)
  }

  @Test("--second-factor backup_code for an account without backup codes says what it offers")
  func backupCodeNotOffered() throws {
    var configuration = EmulatorConfiguration.seed
    configuration.users = [
      .init(email: "totp@example.com", password: "demo-password", totpSecret: "JBSWY3DPEHPK3PXP")
    ]
    let fixture = try CLIFixture(.inProcess, configuration: configuration)
    let result = try fixture.run(
      [
        "login", "--identifier", "totp@example.com", "--password-stdin", "--second-factor",
        "backup_code",
      ], stdin: "demo-password\nbackup-0001\n")
    #expect(result.status != 0)
    #expect(
      result.stderr.contains(
        "this account has no backup_code second factor (Clerk offers totp, email_code); drop "
          + "--second-factor or pass one of: totp, email_code"), "\(result.stderr)")
  }

  @Test("at the authenticator prompt, b asks for a backup code instead (codes echo)")
  func backupCodeAtPrompt() throws {
    let fixture = try CLIFixture(.inProcess)
    let (terminal, recorder) = Terminal.capturing(
      input: "demo-password\nb\nbackup-0004\n", terminals: [.input, .error])
    let (processGuard, _) = ProcessGuard.recording()
    var context = CommandContext(
      terminal: terminal, environment: fixture.environment.filter { $0.key != "CI" },
      clock: try #require(fixture.inMemory).time.clock, processGuard: processGuard)
    let http = try #require(fixture.inMemory).http
    context.makeHTTPClient = { _ in http }
    let status = CLI.run(
      arguments: ["login", "--identifier", "mfa@example.com"], context: context)
    #expect(status == 0, "\(recorder.error)")
    #expect(
      recorder.error.contains(
        "Lost the authenticator app? Type b for a backup code instead.\nAuthenticator app code: "))
    #expect(recorder.error.contains("Backup code: "))
    // Codes are not secrets at the prompt: only the password was read without echo.
    #expect(recorder.secretPrompts == ["Password for mfa@example.com: "])
    #expect(recorder.error.contains("Signed in as mfa@example.com"))
  }

  @Test("phone_code with --password-stdin is a usage error; without a way to read it too")
  func usageErrors() throws {
    let fixture = try CLIFixture(.inProcess)
    let withPassword = try fixture.run(
      ["login", "--identifier", "+15555550100", "--strategy", "phone_code", "--password-stdin"],
      stdin: "x\n")
    #expect(withPassword.status == 2)
    #expect(withPassword.stderr.contains("drop --password-stdin"))
    let noWay = try fixture.run(
      ["login", "--identifier", "+15555550100", "--strategy", "phone_code"])
    #expect(noWay.status == 2)
    #expect(noWay.stderr.contains("texted code"), "\(noWay.stderr)")
    let ticket = try fixture.run(["login", "--ticket-stdin", "--second-factor", "totp"])
    #expect(ticket.status == 2)
  }
}
