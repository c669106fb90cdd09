/// What a command line asks for, once parsed.
package enum ParseOutcome: Sendable {
  /// Run this command with these values.
  case run(any Command.Type, ParsedArguments)
  /// Show help for the last command of this path (which starts at the root).
  case help([any Command.Type])
  /// Print the version.
  case version
}
