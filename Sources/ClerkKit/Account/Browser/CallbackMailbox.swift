import Foundation

/// Where the loopback server and the paste-back reader hand in the browser's answer; the
/// first one wins and the sign-in waits for it, bounded by the sign-in deadline.
package final class CallbackMailbox: @unchecked Sendable {
  private let condition = NSCondition()
  private var result: Result<BrowserCallback, ClerkError>?

  package init() {}

  /// Hands in an answer; ignored when one is already in.
  package func post(_ answer: Result<BrowserCallback, ClerkError>) {
    condition.lock()
    defer { condition.unlock() }
    guard result == nil else { return }
    result = answer
    condition.broadcast()
  }

  /// Whether an answer is in.
  package var isAnswered: Bool {
    condition.lock()
    defer { condition.unlock() }
    return result != nil
  }

  /// Waits up to `seconds` for an answer; `nil` when none came in time.
  package func wait(seconds: Double) -> Result<BrowserCallback, ClerkError>? {
    let until = Date().addingTimeInterval(max(0, seconds))
    condition.lock()
    defer { condition.unlock() }
    while result == nil {
      if !condition.wait(until: until) { break }
    }
    return result
  }
}
