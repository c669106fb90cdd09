import Glibc

/// Waits for SIGINT or SIGTERM without signal handlers.
///
/// Call `install()` first thing at process start, before any thread exists, so every thread
/// inherits a mask that blocks both signals; then `wait()` on the thread that should react.
package enum ShutdownSignal {
  /// Blocks SIGINT and SIGTERM in the calling thread (threads it starts later inherit this).
  package static func install() {
    var signals = shutdownSignals()
    pthread_sigmask(SIG_BLOCK, &signals, nil)
  }

  /// Blocks the caller until SIGINT or SIGTERM arrives.
  ///
  /// - Returns: the signal received.
  @discardableResult
  package static func wait() -> Int32 {
    install()
    var signals = shutdownSignals()
    var received: Int32 = 0
    while sigwait(&signals, &received) != 0 {}
    return received
  }

  private static func shutdownSignals() -> sigset_t {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    return signals
  }
}
