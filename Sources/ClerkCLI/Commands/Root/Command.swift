import ClerkctlCommandLine

/// A command: a small type whose `spec` declares what it accepts and whose `run` does the work.
///
/// Three phases, as in swift-argument-parser: the parser checks the command line against
/// `spec`, `init(parsed:)` reads the values and makes cross-option checks (throwing
/// ``UsageError``), then `run(_:)` does the work and returns the exit code. Errors thrown from
/// `run` go to ``ErrorReporter``, the one place that turns them into messages and exit codes.
package protocol Command: CommandDeclaration {
  /// Reads the parsed values and checks them together.
  ///
  /// - Throws: ``UsageError`` when the combination of options is not allowed.
  init(parsed: ParsedArguments) throws

  /// Does the work.
  ///
  /// - Returns: the process exit code (see ``ExitCode``).
  /// - Throws: any error; ``ErrorReporter`` maps it to a message and an exit code.
  func run(_ context: CommandContext) throws -> Int32
}

extension CommandLineParser {
  /// The command `declaration` declares: every type in clerkctl's tree is a ``Command``.
  static func command(_ declaration: any CommandDeclaration.Type) -> any Command.Type {
    guard let command = declaration as? any Command.Type else {
      preconditionFailure("'\(declaration.spec.name)' is declared but has no run")
    }
    return command
  }
}
