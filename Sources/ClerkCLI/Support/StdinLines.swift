import ClerkctlCommandLine
import ClerkctlCore

/// The lines of stdin, handed out in order to whichever secret asks first: with
/// `--password-stdin --code-stdin` the password is the first line and the code the second.
package final class StdinLines {
  private let terminal: Terminal
  /// A ticket obtained another way (`--user-id`), used instead of reading stdin.
  package var presetTicket: String?

  package init(terminal: Terminal) { self.terminal = terminal }

  /// The next line, without its line ending and surrounding whitespace.
  ///
  /// - Parameter what: what the line is, for the error when stdin has no more lines.
  /// - Throws: `UsageError` at end of input or on an empty line.
  package func line(_ what: String) throws -> String {
    guard let raw = terminal.readLine() else {
      throw UsageError("stdin ended before \(what)")
    }
    let line = raw.trimmingWhitespace()
    guard !line.isEmpty else { throw UsageError("stdin gave an empty line for \(what)") }
    return line
  }
}
