import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// The wording at prompts (issue 28, bugs 6 and gap 18): a code announced once, Ctrl-D
/// reported on its own line, `r` has the code sent again.
@Suite("Prompt wording in a real terminal")
struct PromptWordingTerminalTests {
  private static func run(
    _ arguments: [String], fixture: CLIFixture
  ) async throws -> TmuxSession {
    var environment = fixture.environment
    environment["CI"] = nil
    return try await TmuxSession.start(
      [BuiltProducts.path("clerkctl")] + arguments, environment: environment)
  }

  @Test("an emailed code is announced once; r has Clerk send another, which signs in")
  func codeOnceAndResend() async throws {
    let fixture = try await CLIFixture(.binary)
    let terminal = try await Self.run(
      ["login", "--identifier", "demo@example.com", "--strategy", "email_code"], fixture: fixture)
    try await terminal.waitFor("Code (r sends a new one): ")
    try await terminal.type("r")
    try await terminal.press("Enter")
    try await terminal.waitFor("Clerk sent a new code to")
    try await terminal.waitForScreen("a second code prompt") {
      $0.components(separatedBy: "Code (r sends a new one): ").count == 3
    }
    let codes = try await fixture.admin.emailCodes(to: "demo@example.com")
    #expect(codes.count == 2, "r did not send a second code")
    try await terminal.type(codes.last ?? "")
    try await terminal.press("Enter")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(screen.components(separatedBy: "sent a code to").count == 2, "\(screen)")
    #expect(!screen.contains("Code sent to"), "\(screen)")
  }

  @Test("Ctrl-D at the identifier prompt reports on a line of its own")
  func endOfInputAtPrompt() async throws {
    let fixture = try await CLIFixture(.binary)
    let terminal = try await Self.run(["login"], fixture: fixture)
    try await terminal.waitFor("Email, phone or username: ")
    try await terminal.press("C-d")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("Email, phone or username: \nclerkctl: "), "\(screen)")
    #expect(screen.contains("[exit 2]"), "\(screen)")
  }

  @Test("signing in again offers the stored identifier as the default; Enter takes it")
  func storedIdentifierDefault() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let terminal = try await Self.run(["login"], fixture: fixture)
    try await terminal.waitFor("Email, phone or username [demo@example.com]: ")
    try await terminal.press("Enter")
    try await terminal.waitFor("Password for demo@example.com: ")
    try await terminal.waitForEchoOff()
    try await terminal.type("demo-password")
    try await terminal.press("Enter")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
  }
}
