import Glibc

/// State reached only while holding a lock: `withLock` has the shape of
/// `Synchronization.Mutex`'s, over a POSIX mutex.
///
/// Used instead of `Mutex` because on Linux `Mutex` locks with raw futex system calls that
/// ThreadSanitizer does not see, so every access made under it is reported as a data race
/// (`make sanitize` runs the suite under TSan with no suppressions); TSan intercepts
/// `pthread_mutex_lock`. Not recursive: taking it again on the holding thread deadlocks (see
/// ``RecursiveLock``).
package final class Lock<State>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State

  package init(_ initialState: State) {
    state = initialState
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(mutex, nil)
    precondition(result == 0, "pthread_mutex_init failed: \(result)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the state, holding the lock; returns what `body` returns.
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}

extension Lock where State == Void {
  package convenience init() { self.init(()) }
}
