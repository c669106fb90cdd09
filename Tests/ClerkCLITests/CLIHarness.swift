import ClerkCLI
import ClerkTestSupport
import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP

/// The result of one in-process run of clerkctl.
struct CLIResult {
  var code: Int32
  var output: String
  var error: String
}

/// Runs clerkctl in process with captured streams. It reaches no server unless `overLoopback`
/// gives it libcurl and the system clock (for an emulator on loopback, ``LoopbackEmulator``).
func runCLI(
  _ arguments: [String], input: String = "", environment: [String: String] = [:],
  terminals: Set<Terminal.Stream> = [], overLoopback: Bool = false
) -> CLIResult {
  let (terminal, recorder) = Terminal.capturing(input: input, terminals: terminals)
  var context = CommandContext(terminal: terminal, environment: environment)
  if overLoopback { context = context.overLoopback() }
  let code = CLI.run(arguments: arguments, context: context)
  return CLIResult(code: code, output: recorder.output, error: recorder.error)
}

/// Parses with the real command tree.
func parse(_ arguments: [String]) throws -> ParseOutcome {
  try CommandLineParser(root: RootCommand.self).parse(arguments)
}

/// The parsed values of a command line that must run a command.
func parsedRun(_ arguments: [String]) throws -> (name: String, parsed: ParsedArguments) {
  guard case .run(let type, let parsed) = try parse(arguments) else {
    throw UsageError("expected a command to run for \(arguments)")
  }
  return (type.spec.name, parsed)
}

extension CommandContext {
  /// This context with libcurl and the system clock: for a test whose server is an emulator on
  /// loopback (its tokens carry real times).
  func overLoopback() -> CommandContext {
    var context = self
    context.makeHTTPClient = { .curl($0) }
    context.spawnGate = ExecutableFile.spawnGate
    context.clock = .system
    return context
  }
}
