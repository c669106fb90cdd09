import ClerkCLI
import ClerkTestSupport
import Testing

/// Commands reach the process guard through the context; tests put in a recording one.
@Suite("Process guard")
struct ProcessGuardTests {
  @Test("a password login is bounded by --sign-in-timeout through the context's guard")
  func loginArmsTheDeadline() throws {
    let emulator = try LoopbackEmulator()
    let config = TemporaryDirectory()
    let (processGuard, recorder) = ProcessGuard.recording()
    let (terminal, recording) = Terminal.capturing(input: "demo-password\n")
    let context = CommandContext(
      terminal: terminal,
      environment: ["CLERKCTL_CONFIG_DIR": config.path, "HOME": config.path],
      processGuard: processGuard
    )
    .overLoopback()
    let code = CLI.run(
      arguments: [
        "login", "--identifier", "demo@example.com", "--password-stdin", "--sign-in-timeout",
        "7", "--fapi-url", emulator.baseURL,
      ],
      context: context)
    #expect(code == 0, "\(recording.error)")
    // The first watch is the command's own (Ctrl-C, no deadline); the sign-in's follows.
    let deadlines = recorder.watches.filter { $0.deadline != nil }
    #expect(deadlines.map(\.deadline) == [7])
    #expect(
      deadlines.map { $0.expiry.map(ErrorReporter.message(for:)) } == [
        "sign-in timed out after 7 s; run 'clerkctl login --identifier demo@example.com' "
          + "again (or raise --sign-in-timeout)"
      ])
    #expect(
      deadlines.map { $0.expiry.map(ErrorReporter.exitCode(for:)) } == [.signInTimeout])
    #expect(recorder.allStopped)
  }

  @Test(
    "every command runs under one Ctrl-C watch: interrupted, exit 130",
    arguments: [["token"], ["whoami"], ["version"], ["org", "list"], ["config", "list"]])
  func everyCommandWatchesCtrlC(arguments: [String]) {
    let config = TemporaryDirectory()
    let (processGuard, recorder) = ProcessGuard.recording()
    let (terminal, _) = Terminal.capturing()
    let context = CommandContext(
      terminal: terminal,
      environment: ["CLERKCTL_CONFIG_DIR": config.path, "HOME": config.path],
      processGuard: processGuard)
    _ = CLI.run(arguments: arguments, context: context)
    let first = recorder.watches.first
    #expect(first?.deadline == nil)
    #expect(
      first?.interruption.map { ErrorReporter.report(for: $0, commandPath: []) }
        == "clerkctl: interrupted\n")
    #expect(first?.interruption.map(ErrorReporter.exitCode(for:)) == .interrupted)
    #expect(recorder.allStopped)
  }

  @Test("Ctrl-C and the deadline report through ErrorReporter with the contract's codes")
  func reports() {
    #expect(ErrorReporter.exitCode(for: CLIError.interrupted) == .interrupted)
    #expect(ErrorReporter.exitCode(for: CLIError.cancelled("browser sign-in")) == .interrupted)
    #expect(
      ErrorReporter.report(for: CLIError.cancelled("browser sign-in"), commandPath: [])
        == "clerkctl: browser sign-in cancelled\n")
    let watch = ProcessGuard.Watch.signIn(seconds: 2)
    #expect(ErrorReporter.exitCode(for: watch.expiry!) == .signInTimeout)
  }
}
