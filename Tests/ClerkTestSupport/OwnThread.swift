import ClerkctlCore
import Foundation
import Testing

/// Runs blocking `work` on a new thread and awaits its result, so a test's cooperative thread
/// is never held while a child process, a socket or a lock is waited for.
package func onOwnThread<T: Sendable>(
  _ work: @escaping @Sendable () throws -> T
) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let started = DetachedThread.start { continuation.resume(with: Result { try work() }) }
    if !started { continuation.resume(throwing: SpawnError(message: "no thread for the work")) }
  }
}

/// ``onOwnThread(_:)`` for work that cannot fail (run on the caller's thread only when the
/// system has no thread to spare).
package func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let started = DetachedThread.start { continuation.resume(returning: work()) }
    if !started { continuation.resume(returning: work()) }
  }
}

/// Records an issue when a blocking wait (`what`) runs on a thread that is running a task:
/// under Swift Testing that is one of its few cooperative threads (2 on a 2-core machine),
/// and every other async test stalls until the wait ends. Waits that run on their own thread
/// (``onOwnThread(_:)``, `inParallel`, a server's threads) have no task and pass.
package func expectOffCooperativePool(_ what: String) {
  let inTask = withUnsafeCurrentTask { $0 != nil }
  guard inTask else { return }
  Issue.record(
    "\(what) blocks a cooperative thread: make the test async and await the async overload")
}

/// Bounds how many tests run emulator (or TLS server) children at once. Blocked tests used to
/// hold the cooperative threads and so ran two at a time; awaiting ones do not, and without a
/// bound every end-to-end test would start its children at once and starve them all on a
/// small machine. A test takes a slot when it starts its server child and gives it back when
/// the child is released, so a test runs its steps without queueing behind other tests (its
/// tokens do not age in a queue). Waiting for a slot holds no thread. At most three tests
/// start two servers, fewer than the slots, so the slots cannot all wait on each other.
package final class ChildSlots: Sendable {
  /// The slots every test shares: three per processor, at least six.
  package static let shared = ChildSlots(
    limit: max(6, 3 * ProcessInfo.processInfo.activeProcessorCount))

  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Lock<State>

  package init(limit: Int) { state = Lock(State(free: limit)) }

  /// Waits for a slot and returns it; the slot is free again when the value is released.
  package func take() async -> Slot {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let granted = state.withLock { state in
        guard state.free > 0 else {
          state.waiting.append(continuation)
          return false
        }
        state.free -= 1
        return true
      }
      if granted { continuation.resume() }
    }
    return Slot(self)
  }

  fileprivate func giveBack() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }

  /// One taken slot, given back on release.
  package final class Slot: Sendable {
    private let slots: ChildSlots
    fileprivate init(_ slots: ChildSlots) { self.slots = slots }
    deinit { slots.giveBack() }
  }
}
