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
/// tokens do not age in a queue). Waiting for a slot holds no thread.
///
/// A task that already holds a slot is never made to wait for another (it goes over the
/// limit instead): a test that starts a second server while holding its first would otherwise
/// wait for a slot that only tests in the same position could give back. Counting such tests
/// to keep them under the limit held only until new suites added more of them (the machine
/// tests start a second emulator for a foreign instance), and the whole suite then hung.
package final class ChildSlots: Sendable {
  /// The slots every test shares: three per processor, at least six.
  package static let shared = ChildSlots(
    limit: max(6, 3 * ProcessInfo.processInfo.activeProcessorCount))

  private struct Waiter {
    let task: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    /// Slots left; below zero while tasks that hold one have taken more.
    var free: Int
    /// How many slots each task holds, by the task's identity.
    var held: [Int: Int] = [:]
    var waiting: [Waiter] = []
  }

  private let state: Lock<State>

  package init(limit: Int) { state = Lock(State(free: limit)) }

  /// Waits for a slot (unless the calling task holds one already) and returns it; the slot is
  /// free again when the value is released.
  package func take() async -> Slot {
    let task = withUnsafeCurrentTask { $0?.hashValue } ?? 0
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let granted = state.withLock { state in
        guard state.free > 0 || state.held[task, default: 0] > 0 else {
          state.waiting.append(Waiter(task: task, continuation: continuation))
          return false
        }
        state.free -= 1
        state.held[task, default: 0] += 1
        return true
      }
      if granted { continuation.resume() }
    }
    return Slot(self, task: task)
  }

  fileprivate func giveBack(task: Int) {
    let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.free += 1
      let left = state.held[task, default: 1] - 1
      state.held[task] = left > 0 ? left : nil
      var woken: [CheckedContinuation<Void, Never>] = []
      while state.free > 0, !state.waiting.isEmpty {
        let next = state.waiting.removeFirst()
        state.free -= 1
        state.held[next.task, default: 0] += 1
        woken.append(next.continuation)
      }
      return woken
    }
    for continuation in woken { continuation.resume() }
  }

  /// One taken slot, given back on release.
  package final class Slot: Sendable {
    private let slots: ChildSlots
    private let task: Int
    fileprivate init(_ slots: ChildSlots, task: Int) {
      self.slots = slots
      self.task = task
    }
    deinit { slots.giveBack(task: task) }
  }
}

/// Blocking work started on a new thread at once, its result awaited later.
///
/// `async let x = onOwnThread { … }` starts the thread only when a cooperative thread runs the
/// child task; in a loaded full run that came after a test had stopped waiting for the work to
/// begin (its 30 s wait for the work to reach a lock ran out before the work started).
package final class StartedWork<T: Sendable>: Sendable {
  private let result = Lock<Result<T, any Error>?>(nil)
  private let finished = Lock<JoinableThread?>(nil)

  /// Starts `work` now; throws only when the system has no thread for it.
  package init(_ work: @escaping @Sendable () throws -> T) throws {
    let result = self.result
    guard let thread = JoinableThread.start({ result.withLock { $0 = Result { try work() } } })
    else { throw SpawnError(message: "no thread for the work") }
    finished.withLock { $0 = thread }
  }

  /// Waits (holding no cooperative thread) for the work to end and returns its result.
  package func value() async throws -> T {
    if let thread = finished.withLock({ state -> JoinableThread? in
      defer { state = nil }
      return state
    }) {
      await onOwnThread { thread.join() }
    }
    guard let outcome = result.withLock({ $0 }) else {
      throw SpawnError(message: "the work's result was read before it ended")
    }
    return try outcome.get()
  }
}
