import Foundation

/// Where the loopback server and the paste-back reader hand in what the browser brought back.
/// The sign-in takes the answers in order, bounded by the sign-in deadline; one it cannot use
/// (a forged callback) does not end the wait for the next.
package final class CallbackMailbox: @unchecked Sendable {
  /// Who handed an answer in.
  package enum Source: Sendable, Equatable {
    /// A request to the loopback callback server: any local process or web page can send one.
    case loopback
    /// A line the user pasted.
    case pasted
  }

  /// The most answers kept waiting; more are dropped (a flood of forged callbacks).
  static let capacity = 16

  private let condition = NSCondition()
  private var pending: [(Result<BrowserCallback, ClerkError>, Source)] = []
  private var finished = false

  package init() {}

  /// Hands in an answer; dropped once the sign-in has finished or too many are waiting.
  package func post(_ answer: Result<BrowserCallback, ClerkError>, from source: Source) {
    condition.lock()
    defer { condition.unlock() }
    guard !finished, pending.count < Self.capacity else { return }
    pending.append((answer, source))
    condition.broadcast()
  }

  /// Whether the sign-in has taken its answer and stopped listening.
  package var isFinished: Bool {
    condition.lock()
    defer { condition.unlock() }
    return finished
  }

  /// Marks the sign-in finished: later answers are dropped.
  package func finish() {
    condition.lock()
    defer { condition.unlock() }
    finished = true
    pending.removeAll()
    condition.broadcast()
  }

  /// Waits up to `seconds` for the next answer; `nil` when none came in time.
  package func next(seconds: Double) -> (Result<BrowserCallback, ClerkError>, Source)? {
    let until = Date().addingTimeInterval(max(0, seconds))
    condition.lock()
    defer { condition.unlock() }
    while pending.isEmpty && !finished {
      if !condition.wait(until: until) { break }
    }
    guard !pending.isEmpty else { return nil }
    return pending.removeFirst()
  }
}
