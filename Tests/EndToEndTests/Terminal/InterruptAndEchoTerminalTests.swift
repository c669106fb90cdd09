import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// What a person at a keyboard sees while clerkctl waits: no secret typed ahead of a prompt is
/// shown, and Ctrl-C means the same everywhere (a newline, `clerkctl: interrupted`, the
/// terminal restored, exit 130).
@Suite("Typed-ahead input and Ctrl-C in a real terminal")
struct InterruptAndEchoTerminalTests {
  /// An emulator child and `clerkctl ARGUMENTS…` in a terminal, without CI.
  private static func run(
    _ arguments: [String], fixture: CLIFixture
  ) async throws -> TmuxSession {
    var environment = fixture.environment
    environment["CI"] = nil
    return try await TmuxSession.start(
      [BuiltProducts.path("clerkctl")] + arguments, environment: environment)
  }

  /// Whether `line` is a whole line of `screen`.
  static func ownLine(_ line: String, in screen: String) -> Bool {
    screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line }
  }

  @Test("a password typed while the first request is slow is not echoed")
  func typedAheadPasswordHidden() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.fault([
      "path": "/v1/client/sign_ins", "method": "POST", "count": 1, "delay_ms": 3000,
    ])
    let terminal = try await Self.run(
      ["login", "--identifier", "demo@example.com"], fixture: fixture)
    try await terminal.waitFor("waiting for")
    try await terminal.type("typed-ahead-secret")
    try await terminal.press("Enter")
    try await terminal.waitFor("Password for demo@example.com: ")
    try await terminal.waitForEchoOff()
    try await terminal.type("demo-password")
    try await terminal.press("Enter")
    let screen = try await terminal.waitFor("[tty ")
    #expect(!screen.contains("typed-ahead-secret"), "typed-ahead secret shown:\n\(screen)")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(screen.contains("[tty echo]"), "\(screen)")
  }

  @Test(
    "Ctrl-C at an echoing prompt prints interrupted on a line of its own and exits 130",
    arguments: [
      (["login"], "Email, phone or username: "),
      (["login", "--identifier", "demo@example.com", "--strategy", "email_code"], "Code (r sends"),
    ])
  func interruptAtEchoingPrompt(arguments: [String], prompt: String) async throws {
    let fixture = try await CLIFixture(.binary)
    let terminal = try await Self.run(arguments, fixture: fixture)
    try await terminal.waitFor(prompt)
    try await terminal.waitForScreen("echo on at the prompt") { _ in try await terminal.echoes() }
    try await terminal.type("half")
    // The echo first: Ctrl-C makes the kernel flush the terminal's queues, and on a loaded
    // run the echo of "half" could still sit in the pty's output, unread by tmux, and go.
    try await terminal.waitFor("half")
    try await terminal.press("C-c")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("half"), "\(screen)")
    #expect(Self.ownLine("clerkctl: interrupted", in: screen), "\(screen)")
    #expect(screen.contains("[exit 130]"), "\(screen)")
    #expect(screen.contains("[tty echo]"), "\(screen)")
  }

  @Test("Ctrl-C at logout --all's question prints interrupted and exits 130")
  func interruptAtQuestion() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let terminal = try await Self.run(["logout", "--all"], fixture: fixture)
    try await terminal.waitFor("[y/N] ")
    try await terminal.press("C-c")
    let screen = try await terminal.waitFor("[tty ")
    #expect(Self.ownLine("clerkctl: interrupted", in: screen), "\(screen)")
    #expect(screen.contains("[exit 130]"), "\(screen)")
    #expect(FileManager.default.fileExists(atPath: fixture.credentialPath()))
  }

  @Test("Ctrl-C during a slow sign-in request prints interrupted and exits 130")
  func interruptDuringRequest() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.fault([
      "path": "/v1/client/sign_ins", "method": "POST", "count": 1, "delay_ms": 20000,
    ])
    let terminal = try await Self.run(
      ["login", "--identifier", "demo@example.com"], fixture: fixture)
    try await terminal.waitFor("waiting for")
    try await terminal.press("C-c")
    let screen = try await terminal.waitFor("[tty ", timeout: 10)
    #expect(Self.ownLine("clerkctl: interrupted", in: screen), "\(screen)")
    #expect(screen.contains("[exit 130]"), "\(screen)")
    #expect(screen.contains("[tty echo]"), "\(screen)")
  }

  @Test(
    "Ctrl-C while any command waits on Clerk prints interrupted and exits 130; the profile stays",
    arguments: [
      ["token", "--force-refresh"], ["whoami"],
      ["exec", "--template", "convex", "--", "/bin/true"], ["org", "list"], ["api-key", "list"],
    ])
  func interruptWhileWaiting(arguments: [String]) async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let before = try fixture.credentialBytes()
    try await fixture.fault(["path": "/v1/", "count": 1, "delay_ms": 20000])
    // --verbose: the trace shows the request going out (exec draws no progress line).
    let terminal = try await Self.run(["--verbose"] + arguments, fixture: fixture)
    try await terminal.waitFor("clerkctl: > ")
    try await terminal.press("C-c")
    let screen = try await terminal.waitFor("[tty ", timeout: 10)
    #expect(Self.ownLine("clerkctl: interrupted", in: screen), "\(screen)")
    #expect(screen.contains("[exit 130]"), "\(screen)")
    #expect(screen.contains("[tty echo]"), "\(screen)")
    #expect(try fixture.credentialBytes() == before, "the profile changed")
  }

  @Test("a Ctrl-C inherited as ignored (a script's background job) stays ignored")
  func ignoredInterruptStaysIgnored() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    try await fixture.fault(["path": "/v1/", "count": 1, "delay_ms": 3000])
    var environment = fixture.environment
    environment["CI"] = nil
    let terminal = try await TmuxSession.start(
      [
        "/bin/sh", "-c", "trap '' INT; exec \"$0\" --verbose token --force-refresh",
        BuiltProducts.path("clerkctl"),
      ], environment: environment)
    try await terminal.waitFor("clerkctl: > ")
    try await terminal.press("C-c")
    let screen = try await terminal.waitFor("[tty ", timeout: 20)
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(!screen.contains("interrupted"), "\(screen)")
  }

  @Test("three wrong passwords at a terminal: no --password-stdin advice; the old sign-in stays")
  func threeWrongPasswords() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let terminal = try await Self.run(
      ["login", "--identifier", "demo@example.com"], fixture: fixture)
    for round in 1...3 {
      try await terminal.waitForScreen("password prompt \(round)") {
        $0.components(separatedBy: "Password for demo@example.com: ").count == round + 1
      }
      try await terminal.waitForEchoOff()
      try await terminal.type("wrong-\(round)")
      try await terminal.press("Enter")
    }
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 6]"), "\(screen)")
    #expect(!screen.contains("--password-stdin"), "\(screen)")
    #expect(!screen.contains("another method"), "\(screen)")
    #expect(
      screen.contains("the previous sign-in (demo@example.com) is still in place"), "\(screen)")
  }
}
