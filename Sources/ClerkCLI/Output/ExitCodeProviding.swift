import ClerkctlCommandLine

/// An error that knows which exit code it means.
///
/// ClerkKit's domain errors are made to conform in ClerkCLI (in `ErrorReporter.swift`), so the
/// mapping from errors to exit codes stays in one place.
package protocol ExitCodeProviding {
  /// The exit code the process ends with when this error reaches the top.
  var exitCode: ExitCode { get }
}
