import Glibc
import Synchronization

/// A lock the thread holding it may take again (nested `withLock` calls run at once).
///
/// Used instead of Foundation's `NSRecursiveLock`, which would link all of Foundation
/// (CoreFoundation and ICU) into clerkctl and slow every start.
final class RecursiveLock: Sendable {
  private let mutex = Mutex(())
  /// The holder's `pthread_self()`, 0 when free. Only the holder ever finds its own id here.
  private let owner = Atomic<UInt>(0)

  init() {}

  /// Runs `body` holding the lock.
  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    let me = UInt(pthread_self())
    if owner.load(ordering: .relaxed) == me { return try body() }
    return try mutex.withLock { _ in
      owner.store(me, ordering: .relaxed)
      defer { owner.store(0, ordering: .relaxed) }
      return try body()
    }
  }
}
