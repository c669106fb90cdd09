import Dispatch
import Synchronization

/// Where the loopback server and the paste-back reader hand in the browser's answer; the
/// first one wins and the sign-in waits for it, bounded by the sign-in deadline.
package final class CallbackMailbox: Sendable {
  private let result = Mutex<Result<BrowserCallback, ClerkError>?>(nil)
  /// Signalled once, when the first answer is in; every waiter that wakes signals it again,
  /// so it stays open for the next one.
  private let arrived = DispatchSemaphore(value: 0)

  package init() {}

  /// Hands in an answer; ignored when one is already in.
  package func post(_ answer: Result<BrowserCallback, ClerkError>) {
    let first = result.withLock { result in
      guard result == nil else { return false }
      result = answer
      return true
    }
    if first { arrived.signal() }
  }

  /// Whether an answer is in.
  package var isAnswered: Bool {
    result.withLock { $0 != nil }
  }

  /// Waits up to `seconds` for an answer; `nil` when none came in time.
  package func wait(seconds: Double) -> Result<BrowserCallback, ClerkError>? {
    let nanoseconds = Int(min(max(0, seconds), 1e9) * 1e9)
    if arrived.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success {
      arrived.signal()
    }
    return result.withLock { $0 }
  }
}
