import Glibc

/// Starts detached POSIX threads for long-running loops (the HTTP server's I/O loop, keepers):
/// a ``JoinableThread`` let go at once.
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
    guard let thread = JoinableThread.start(body) else { return false }
    thread.detach()
    return true
  }
}
