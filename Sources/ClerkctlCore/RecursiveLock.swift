import Glibc

/// A lock the thread holding it may take again (nested `withLock` calls run at once): a
/// recursive POSIX mutex, which ThreadSanitizer understands (see ``Lock``).
///
/// Used instead of Foundation's `NSRecursiveLock`, which would link all of Foundation
/// (CoreFoundation and ICU) into clerkctl and slow every start.
package final class RecursiveLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    let result = pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    precondition(result == 0, "pthread_mutex_init failed: \(result)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  package func withLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
