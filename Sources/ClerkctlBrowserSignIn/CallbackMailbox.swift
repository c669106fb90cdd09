import ClerkctlCore
import ClerkctlKit
import Dispatch

/// Where the loopback server and the paste-back reader hand in what the browser brought back.
/// The sign-in takes the answers in order, bounded by the sign-in deadline; one it cannot use
/// (a forged callback) does not end the wait for the next.
package final class CallbackMailbox: Sendable {
  /// Who handed an answer in.
  package enum Source: Sendable, Equatable {
    /// A request to the loopback callback server: any local process or web page can send one.
    case loopback
    /// A line the user pasted (also an application's own failure, ``abort(_:)``).
    case pasted
  }

  /// The most answers kept waiting; more are dropped (a flood of forged callbacks).
  static let capacity = 16

  private struct State {
    var pending: [(Result<BrowserCallback, ClerkError>, Source)] = []
    var finished = false
  }

  private let state = Lock(State())
  /// Signalled once per answer handed in.
  private let available = DispatchSemaphore(value: 0)

  package init() {}

  /// Hands in an answer; dropped once the sign-in has finished or too many are waiting.
  package func post(_ answer: Result<BrowserCallback, ClerkError>, from source: Source) {
    let taken = state.withLock { state in
      guard !state.finished, state.pending.count < Self.capacity else { return false }
      state.pending.append((answer, source))
      return true
    }
    if taken { available.signal() }
  }

  /// Ends the wait with `error`, ahead of any answer waiting (the application's URL opener
  /// failed, or it cancelled the sign-in); ignored once the sign-in has finished.
  package func abort(_ error: ClerkError) {
    let taken = state.withLock { state in
      guard !state.finished else { return false }
      state.pending.insert((.failure(error), .pasted), at: 0)
      return true
    }
    if taken { available.signal() }
  }

  /// Whether the sign-in has taken its answer and stopped listening.
  package var isFinished: Bool {
    state.withLock { $0.finished }
  }

  /// Marks the sign-in finished: later answers are dropped.
  package func finish() {
    state.withLock { state in
      state.finished = true
      state.pending.removeAll()
    }
  }

  /// Waits up to `seconds` for the next answer; `nil` when none came in time (or the sign-in
  /// has finished).
  package func next(seconds: Double) -> (Result<BrowserCallback, ClerkError>, Source)? {
    let nanoseconds = Int(min(max(0, seconds), 1e9) * 1e9)
    guard available.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
      return nil
    }
    return state.withLock { state in
      guard !state.finished, !state.pending.isEmpty else { return nil }
      return state.pending.removeFirst()
    }
  }
}
