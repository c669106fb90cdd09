import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// The interactive prompts of `clerkctl login` in a real terminal (tmux), against an emulator
/// child: what a person at a keyboard sees.
@Suite("login prompts in a real terminal")
struct PromptTerminalTests {
  /// An emulator child and `clerkctl login ARGUMENTS…` in a terminal, with the fixture's
  /// environment without CI (prompts are off in CI).
  private static func login(
    _ arguments: [String] = []
  ) async throws -> (CLIFixture, TmuxSession) {
    let fixture = try await CLIFixture(.binary)
    var environment = fixture.environment
    environment["CI"] = nil
    let terminal = try await TmuxSession.start(
      [BuiltProducts.path("clerkctl"), "login"] + arguments, environment: environment)
    return (fixture, terminal)
  }

  /// `login --identifier EMAIL` in a terminal, at its password prompt with echo off.
  private static func atPasswordPrompt(
    _ email: String
  ) async throws -> (CLIFixture, TmuxSession) {
    let (fixture, terminal) = try await login(["--identifier", email])
    try await terminal.waitFor("Password for \(email): ")
    try await terminal.waitForEchoOff()
    return (fixture, terminal)
  }

  @Test("the password prompt does not echo; the terminal echoes again afterwards")
  func passwordNotEchoed() async throws {
    let (fixture, terminal) = try await Self.atPasswordPrompt("demo@example.com")
    try await terminal.answer("demo-password")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(screen.contains("Signed in as demo@example.com"), "\(screen)")
    #expect(!screen.contains("demo-password"), "the password was echoed:\n\(screen)")
    #expect(screen.contains("[tty echo]"), "\(screen)")
    #expect(try fixture.credential()["email"]?.stringValue == "demo@example.com")
  }

  @Test("Ctrl-C at the password prompt exits 130 with the terminal restored")
  func interruptAtPrompt() async throws {
    let (fixture, terminal) = try await Self.atPasswordPrompt("demo@example.com")
    try await terminal.type("half-typed")
    try await terminal.press("C-c")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 130]"), "\(screen)")
    #expect(screen.contains("[tty echo]"), "echo is still off after Ctrl-C:\n\(screen)")
    #expect(try await terminal.echoes())
    #expect(!screen.contains("half-typed"))
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
  }

  @Test("a TOTP second factor is asked for after the password and completes the sign-in")
  func totpPrompt() async throws {
    let (fixture, terminal) = try await Self.atPasswordPrompt("mfa@example.com")
    try await terminal.answer("demo-password")
    try await terminal.waitFor("Authenticator app code: ")
    // Codes echo: they are short-lived and read off a screen.
    #expect(try await terminal.echoes())
    let code = try fixture.totpCode()
    try await terminal.answer(code)
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("Authenticator app code: \(code)"), "\(screen)")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(screen.contains("Signed in as mfa@example.com"), "\(screen)")
    #expect(screen.contains("[tty echo]"), "\(screen)")
    #expect(try fixture.credential()["email"]?.stringValue == "mfa@example.com")
  }

  @Test("at the authenticator prompt, b switches to a backup code, which echoes and signs in")
  func backupCodeInstead() async throws {
    let (fixture, terminal) = try await Self.atPasswordPrompt("mfa@example.com")
    try await terminal.answer("demo-password")
    try await terminal.waitFor("Type b for a backup code instead.")
    try await terminal.waitFor("Authenticator app code: ")
    try await terminal.answer("b")
    try await terminal.waitFor("Backup code: ")
    let echoed = try await terminal.echoes()
    try await terminal.answer("backup-0009")
    let screen = try await terminal.waitFor("[tty ")
    // Backup codes echo like the other codes.
    #expect(echoed)
    #expect(screen.contains("Backup code: backup-0009"), "\(screen)")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(screen.contains("Signed in as mfa@example.com"), "\(screen)")
    let attempts = try await fixture.admin.requests(containing: "/attempt_second_factor")
    #expect(attempts.count == 1, "b itself was not sent to Clerk as a code")
  }

  @Test("a wrong password is asked for again; a wrong code asks only for the code again")
  func mistakesAreNotTheEnd() async throws {
    let (fixture, terminal) = try await Self.atPasswordPrompt("mfa@example.com")
    try await terminal.answer("not-the-password")
    try await terminal.waitFor("Wrong password; try again (2 tries left).")
    try await terminal.waitForEchoOff()
    try await terminal.answer("demo-password")
    try await terminal.waitFor("Authenticator app code: ")
    try await terminal.answer("000000")
    try await terminal.waitFor("Wrong code; try again (2 tries left).")
    try await terminal.waitForScreen("a second code prompt") {
      $0.components(separatedBy: "Authenticator app code: ").count == 3
    }
    try await terminal.answer(try fixture.totpCode())
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    // The email and password were not asked for again after the wrong code.
    #expect(screen.components(separatedBy: "Password for mfa@example.com: ").count == 3)
    #expect(screen.contains("Signed in as mfa@example.com"), "\(screen)")
    #expect(try fixture.credential()["email"]?.stringValue == "mfa@example.com")
  }

  @Test("an empty identifier is asked for again")
  func emptyIdentifier() async throws {
    let (fixture, terminal) = try await Self.login()
    try await terminal.waitFor("Email, phone or username: ")
    try await terminal.press("Enter")
    try await terminal.waitForScreen("a second identifier prompt") {
      $0.components(separatedBy: "Email, phone or username: ").count == 3
    }
    try await terminal.answer("demo@example.com")
    try await terminal.waitFor("Password for demo@example.com: ")
    try await terminal.waitForEchoOff()
    try await terminal.answer("demo-password")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(try fixture.credential()["email"]?.stringValue == "demo@example.com")
  }
}

extension TmuxSession {
  /// Types `text` and presses Enter.
  fileprivate func answer(_ text: String) async throws {
    try await type(text)
    try await press("Enter")
  }
}
