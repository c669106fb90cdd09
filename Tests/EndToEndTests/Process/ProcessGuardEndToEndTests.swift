import ClerkTestSupport
import Foundation
import Testing

/// The ways clerkctl ends while blocked: the sign-in deadline at a read that never returns, and
/// Ctrl-C at a no-echo prompt in a real terminal (a pseudo-terminal) with the terminal restored.
@Suite("Process guard, end to end")
struct ProcessGuardEndToEndTests {
  @Test(
    "the sign-in deadline ends a login whose stdin never closes: exit 8, the report, nothing stored"
  )
  func deadlineAtBlockedRead() async throws {
    let fixture = try await CLIFixture(.binary)
    let login = try BrowserLoginProcess(
      fixture,
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--sign-in-timeout", "2"])
    let result = await login.finish(timeout: 60, closingInput: false)
    #expect(result.status == 8, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(
        "clerkctl: sign-in timed out after 2 s; run 'clerkctl login --identifier "
          + "demo@example.com' again "
          + "(or raise --sign-in-timeout)\n"),
      "\(result.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: fixture.configDir + "/profiles/default.json"))
  }

  @Test("Ctrl-C at the password prompt restores echo and exits 130 with one report")
  func interruptAtSecretPrompt() async throws {
    let fixture = try await CLIFixture(.binary)
    let terminal = try PseudoTerminal()
    var environment = fixture.environment
    environment["CI"] = nil
    environment["CLERKCTL_NO_INPUT"] = nil
    let child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), ["login", "--identifier", "demo@example.com"],
      environment: environment, input: .descriptor(terminal.secondary),
      errorDescriptor: terminal.secondary)
    defer { child.send(SIGKILL) }  // its own thread reaps it

    let prompt = await terminal.read(until: "Password", timeout: 30)
    try #require(prompt.contains("Password"), "no prompt: \(prompt)")
    // The prompt is written before echo goes off: wait until it is off.
    var echoOff = false
    for _ in 0..<300 {
      echoOff = !terminal.echoes
      if echoOff { break }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    #expect(echoOff, "echo never went off at the prompt")
    child.send(SIGINT)
    #expect(await child.waitForExit() == SpawnedProcess.Exit(status: 130, signaled: false))
    #expect(terminal.echoes, "the terminal was left without echo")
    let rest = await terminal.read(until: "interrupted", timeout: 10)
    #expect(rest.contains("clerkctl: interrupted"), "\(rest)")
  }
}
