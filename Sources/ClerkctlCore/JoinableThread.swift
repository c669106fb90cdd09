import Glibc

/// A POSIX thread that can be waited for: ``join()`` returns once the thread has ended, its
/// thread-local destructors included (OpenSSL frees its per-thread state there). A server that
/// stops and then lets the process exit joins its workers first, so the exit's own clean-up
/// (OpenSSL's `atexit` handler) never races a worker still ending.
package struct JoinableThread: Sendable {
  private let handle: pthread_t

  private init(handle: pthread_t) { self.handle = handle }

  /// Runs `body` on a new thread; `nil` when the system has no thread to give.
  package static func start(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
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
      return nil
    }
    return JoinableThread(handle: thread)
  }

  /// Whether this is the calling thread.
  package var isCurrent: Bool { pthread_equal(handle, pthread_self()) != 0 }

  /// Waits until the thread has ended. Call it once, never from the thread itself.
  package func join() { pthread_join(handle, nil) }

  /// Lets the thread end on its own, never joined (``DetachedThread``).
  package func detach() { pthread_detach(handle) }

  /// What the new thread runs, passed through `pthread_create`'s context pointer.
  private final class Job {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
