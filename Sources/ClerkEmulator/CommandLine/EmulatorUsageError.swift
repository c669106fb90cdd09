/// A bad `clerk-emulator` command line: one line naming what is wrong, exit 2 (as clerkctl's
/// usage errors).
package struct EmulatorUsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, without a prefix.
  package let message: String

  package init(_ message: String) { self.message = message }

  /// The exit code of a usage error.
  package static let exitCode: Int32 = 2

  /// The line written to stderr: `clerk-emulator: MESSAGE (see 'clerk-emulator --help')`.
  package var description: String { "clerk-emulator: \(message) (see 'clerk-emulator --help')" }
}
