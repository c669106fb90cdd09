import Glibc

/// Starts detached POSIX threads for long-running loops (the HTTP server's I/O and workers).
///
/// Used instead of Foundation's `Thread`, which would link all of Foundation (CoreFoundation and
/// ICU) into clerkctl and slow every start.
package enum DetachedThread {
  /// Runs `body` on a new detached thread.
  ///
  /// - Returns: whether the thread started (`pthread_create` fails only when the system is out
  ///   of threads or memory).
  @discardableResult
  package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Job(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<Job>.fromOpaque(context).release()
      return false
    }
    pthread_detach(thread)
    return true
  }

  /// What the new thread runs, passed through `pthread_create`'s context pointer.
  private final class Job {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
