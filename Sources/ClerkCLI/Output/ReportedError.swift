import ClerkctlCommandLine

/// An error reworded with what only the command line knows (the stored profiles, the flags
/// given, what a probe found): reported with its own message and exit code.
package struct ReportedError: Error, Sendable, CustomStringConvertible, ExitCodeProviding {
  /// The one-line message, without the `clerkctl: ` prefix.
  package var message: String
  package var exitCode: ExitCode
  /// What went before (for `--json`'s `clerk_code` and the like).
  package var underlying: (any Error & Sendable)?

  package init(_ message: String, exitCode: ExitCode, underlying: (any Error & Sendable)? = nil) {
    self.message = message
    self.exitCode = exitCode
    self.underlying = underlying
  }

  package var description: String { message }
}
