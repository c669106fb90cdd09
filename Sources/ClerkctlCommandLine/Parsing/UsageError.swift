/// A usage error: the command line is wrong, or input is missing where no prompt is possible.
///
/// Exits 2. Each executable prints one line on stderr, `PROGRAM: MESSAGE (see 'PROGRAM CMD
/// --help')`.
package struct UsageError: Error, Equatable, CustomStringConvertible {
  /// The one-line message, without the `error: ` prefix.
  package var message: String
  /// The command whose help the hint points to (`["token"]`); `nil` lets the reporter use the
  /// command being run.
  package var commandPath: [String]?

  package init(_ message: String, commandPath: [String]? = nil) {
    self.message = message
    self.commandPath = commandPath
  }

  package var description: String { message }
}
