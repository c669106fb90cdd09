/// One example for the EXAMPLES section of help: a comment line and the command line.
package struct CommandExample: Sendable, Equatable {
  /// What the example does, one line.
  package var description: String
  /// The command line, starting with `clerkctl`.
  package var command: String

  package init(_ description: String, _ command: String) {
    self.description = description
    self.command = command
  }
}
