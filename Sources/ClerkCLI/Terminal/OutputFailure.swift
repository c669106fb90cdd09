import ClerkctlCore
import Glibc

/// The first error writing standard output (a full disk, `ulimit -f`): a command that
/// otherwise succeeded then exits 1 saying so (``ProcessExit/finish(_:)``), rather than 0 with
/// a cut-off token.
package enum OutputFailure {
  private static let first = Lock<Int32?>(nil)

  /// Notes `code` (an `errno`) unless an earlier failure was noted.
  package static func record(_ code: Int32) {
    first.withLock { if $0 == nil { $0 = code } }
  }

  /// The first failure's `errno`, if any.
  package static var recorded: Int32? { first.withLock { $0 } }
}
