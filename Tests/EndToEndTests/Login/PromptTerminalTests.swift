import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// The interactive prompts of `clerkctl login` in a real terminal (tmux), against an emulator
/// child: what a person at a keyboard sees.
@Suite("login prompts in a real terminal")
struct PromptTerminalTests {
  /// clerkctl's environment in the terminal: the fixture's, without CI (prompts are off in CI).
  private static func terminalEnvironment(_ fixture: CLIFixture) -> [String: String] {
    var environment = fixture.environment
    environment["CI"] = nil
    return environment
  }

  private static func login(_ fixture: CLIFixture, _ email: String) async throws -> TmuxSession {
    try await TmuxSession.start(
      [BuiltProducts.path("clerkctl"), "login", "--identifier", email],
      environment: terminalEnvironment(fixture))
  }

  @Test("the password prompt does not echo; the terminal echoes again afterwards")
  func passwordNotEchoed() async throws {
    let fixture = try await CLIFixture(.binary)
    let terminal = try await Self.login(fixture, "demo@example.com")
    try await terminal.waitFor("Password for demo@example.com: ")
    try await terminal.waitForEchoOff()
    try await terminal.type("demo-password")
    try await terminal.press("Enter")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(screen.contains("Signed in as demo@example.com"), "\(screen)")
    #expect(!screen.contains("demo-password"), "the password was echoed:\n\(screen)")
    #expect(screen.contains("[tty echo]"), "\(screen)")
    #expect(try fixture.credential()["email"]?.stringValue == "demo@example.com")
  }

  @Test("Ctrl-C at the password prompt exits 130 with the terminal restored")
  func interruptAtPrompt() async throws {
    let fixture = try await CLIFixture(.binary)
    let terminal = try await Self.login(fixture, "demo@example.com")
    try await terminal.waitFor("Password for demo@example.com: ")
    try await terminal.waitForEchoOff()
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
    let fixture = try await CLIFixture(.binary)
    let terminal = try await Self.login(fixture, "mfa@example.com")
    try await terminal.waitFor("Password for mfa@example.com: ")
    try await terminal.waitForEchoOff()
    try await terminal.type("demo-password")
    try await terminal.press("Enter")
    try await terminal.waitFor("Authenticator app code: ")
    // Codes echo: they are short-lived and read off a screen.
    #expect(try await terminal.echoes())
    let code = try fixture.totpCode()
    try await terminal.type(code)
    try await terminal.press("Enter")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("Authenticator app code: \(code)"), "\(screen)")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(screen.contains("Signed in as mfa@example.com"), "\(screen)")
    #expect(screen.contains("[tty echo]"), "\(screen)")
    #expect(try fixture.credential()["email"]?.stringValue == "mfa@example.com")
  }

  @Test("at the authenticator prompt, b switches to a backup code, which echoes and signs in")
  func backupCodeInstead() async throws {
    let fixture = try await CLIFixture(.binary)
    let environment = Self.terminalEnvironment(fixture)
    let (screen, echoed) = try await onOwnThread {
      let terminal = try TmuxSession(
        [BuiltProducts.path("clerkctl"), "login", "--identifier", "mfa@example.com"],
        environment: environment)
      try terminal.waitFor("Password for mfa@example.com: ")
      try terminal.waitForEchoOff()
      try terminal.type("demo-password")
      try terminal.press("Enter")
      try terminal.waitFor("Type b for a backup code instead.")
      try terminal.waitFor("Authenticator app code: ")
      try terminal.type("b")
      try terminal.press("Enter")
      try terminal.waitFor("Backup code: ")
      let echoed = try terminal.echoes()
      try terminal.type("backup-0009")
      try terminal.press("Enter")
      return (try terminal.waitFor("[tty "), echoed)
    }
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
    let fixture = try await CLIFixture(.binary)
    let terminal = try await Self.login(fixture, "mfa@example.com")
    try await terminal.waitFor("Password for mfa@example.com: ")
    try await terminal.waitForEchoOff()
    try await terminal.type("not-the-password")
    try await terminal.press("Enter")
    try await terminal.waitFor("Wrong password; try again (2 tries left).")
    try await terminal.waitForEchoOff()
    try await terminal.type("demo-password")
    try await terminal.press("Enter")
    try await terminal.waitFor("Authenticator app code: ")
    try await terminal.type("000000")
    try await terminal.press("Enter")
    try await terminal.waitFor("Wrong code; try again (2 tries left).")
    try await terminal.waitForScreen("a second code prompt") {
      $0.components(separatedBy: "Authenticator app code: ").count == 3
    }
    try await terminal.type(try fixture.totpCode())
    try await terminal.press("Enter")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    // The email and password were not asked for again after the wrong code.
    #expect(screen.components(separatedBy: "Password for mfa@example.com: ").count == 3)
    #expect(screen.contains("Signed in as mfa@example.com"), "\(screen)")
  }

  @Test("an empty identifier is asked for again")
  func emptyIdentifier() async throws {
    let fixture = try await CLIFixture(.binary)
    let terminal = try await TmuxSession.start(
      [BuiltProducts.path("clerkctl"), "login"], environment: Self.terminalEnvironment(fixture))
    try await terminal.waitFor("Email, phone or username: ")
    try await terminal.press("Enter")
    try await terminal.waitForScreen("a second identifier prompt") {
      $0.components(separatedBy: "Email, phone or username: ").count == 3
    }
    try await terminal.type("demo@example.com")
    try await terminal.press("Enter")
    try await terminal.waitFor("Password for demo@example.com: ")
    try await terminal.waitForEchoOff()
    try await terminal.type("demo-password")
    try await terminal.press("Enter")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
  }
}
