import Foundation

/// The emulator's mutable state behind one lock.
///
/// Callers keep the critical sections short: they read or change records and build the claims
/// to sign, then sign outside the lock so token minting runs in parallel on every core.
package final class EmulatorState: @unchecked Sendable {
  private let lock = NSLock()
  private var store: Store

  init(store: Store) { self.store = store }

  /// Runs `body` with exclusive access to the store.
  func withStore<T>(_ body: (inout Store) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&store)
  }

  /// The request log, oldest first.
  package var requests: [RequestLogEntry] { withStore { $0.requests } }

  /// The email codes sent so far, oldest first.
  package var emails: [SentEmail] { withStore { $0.emails } }
}
