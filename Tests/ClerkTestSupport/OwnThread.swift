import ClerkKit
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
package func expectOffCooperativePool(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let inTask = withUnsafeCurrentTask { $0 != nil }
  guard inTask else { return }
  Issue.record(
    "\(what) blocks a cooperative thread: make the test async and await the async overload",
    sourceLocation: sourceLocation)
}
