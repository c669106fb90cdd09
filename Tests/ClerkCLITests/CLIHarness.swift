import ClerkCLI

/// The result of one in-process run of clerkctl.
struct CLIResult {
  var code: Int32
  var output: String
  var error: String
}

/// Runs clerkctl in process with captured streams.
func runCLI(
  _ arguments: [String], input: String = "", environment: [String: String] = [:],
  terminals: Set<Terminal.Stream> = []
) -> CLIResult {
  let (terminal, recorder) = Terminal.capturing(input: input, terminals: terminals)
  let context = CommandContext(terminal: terminal, environment: environment)
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
