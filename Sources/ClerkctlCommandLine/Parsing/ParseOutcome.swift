/// What a command line asks for, once parsed.
package enum ParseOutcome: Sendable {
  /// Run this command with these values.
  case run(any CommandDeclaration.Type, ParsedArguments)
  /// Show help for the last command of this path (which starts at the root).
  case help([any CommandDeclaration.Type])
  /// Print the version.
  case version
}
