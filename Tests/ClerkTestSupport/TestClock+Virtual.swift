import ClerkctlCore
import Foundation

/// A `.virtual` clock's tasks' waits: registered when they start, woken by `advance(_:)`, seen
/// by the test, which so moves time deterministically (no real sleep, no timed assertion).
extension TestClock {
  /// The seconds each task's wait now suspended on the clock has left, soonest first.
  public var pendingSleeps: [Double] { state.withLock { $0.pending } }

  /// Waits (without taking time) until at least `count` tasks are suspended on the clock, and
  /// returns the seconds each wait has left, soonest first.
  public func pendingSleeps(atLeast count: Int) async -> [Double] {
    while true {
      if let pending = await nextPending(atLeast: count, unless: nil) { return pending }
    }
  }

  /// Moves time to the end of each next wait, as often as it takes `task` to end; returns how
  /// it ended. For a task that waits on the clock until a deadline or a number of retries.
  public func advanceUntilDone<T: Sendable>(
    _ task: Task<T, any Error>
  ) async -> Result<T, any Error> {
    let ended = Lock(false)
    let outcome = Task {
      let result = await task.result
      ended.withLock { $0 = true }
      releaseWatchers()
      return result
    }
    while let pending = await nextPending(atLeast: 1, unless: ended) {
      advance(pending[0])
    }
    return await outcome.value
  }

  /// The waits pending once there are `count`; `nil` when `ended` (or a release) says to stop
  /// looking.
  private func nextPending(atLeast count: Int, unless ended: Lock<Bool>?) async -> [Double]? {
    await withCheckedContinuation { continuation in
      let now: [Double]?? = state.withLock { state in
        if ended?.withLock({ $0 }) == true { return .some(nil) }
        let pending = state.pending
        if pending.count >= count { return .some(pending) }
        state.watchers.append(Watcher(count: count, continuation: continuation))
        return .none
      }
      if let now { continuation.resume(returning: now) }
    }
  }

  /// Has every waiting watcher look again.
  private func releaseWatchers() {
    let watchers = state.withLock { state in
      defer { state.watchers = [] }
      return state.watchers
    }
    for watcher in watchers { watcher.continuation.resume(returning: nil) }
  }

  /// A task's wait on a `.virtual` clock: until time passes its end, or the task is cancelled.
  func suspendVirtually(_ seconds: Double) async throws {
    guard seconds > 0 else { return try Task.checkCancellation() }
    let id = state.withLock { state in
      state.slept.append(seconds)
      state.nextID += 1
      state.sleeps[state.nextID] = Sleep(seconds: seconds, wakesAt: state.now + seconds)
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        enum Next { case wait([CheckedContinuation<[Double]?, Never>], [Double]), wake, cancelled }
        let next: Next = state.withLock { state in
          guard let sleep = state.sleeps[id] else { return .wake }
          if sleep.cancelled {
            state.sleeps.removeValue(forKey: id)
            return .cancelled
          }
          if state.ended(sleep.wakesAt) {
            state.sleeps.removeValue(forKey: id)
            state.now = max(state.now, sleep.wakesAt)
            return .wake
          }
          state.sleeps[id]?.continuation = continuation
          return .wait(state.takeSatisfiedWatchers(), state.pending)
        }
        switch next {
        case .wake: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .wait(let watchers, let pending):
          for watcher in watchers { watcher.resume(returning: pending) }
        }
      }
    } onCancel: {
      let waiting = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let sleep = state.sleeps[id] else { return nil }
        guard let continuation = sleep.continuation else {
          state.sleeps[id]?.cancelled = true
          return nil
        }
        state.sleeps.removeValue(forKey: id)
        return continuation
      }
      waiting?.resume(throwing: CancellationError())
    }
  }
}
