import ClerkctlCore
import Glibc
import Synchronization

/// The write end of the wake-up that SIGINT and SIGTERM trip (-1: none), for the handler.
private let signalWakeFD = Atomic<Int32>(-1)

/// A pause that another thread — or SIGINT/SIGTERM, once `wakeOnShutdownSignals()` is called —
/// can cut short. Once woken it stays woken: every later `wait` returns at once.
package final class Wakeup: Sendable {
  private let readFD: Int32
  private let writeFD: Int32

  package init() {
    let ends = CloseOnExec.pipe(nonBlocking: true)
    readFD = ends?.read ?? -1
    writeFD = ends?.write ?? -1
  }

  deinit {
    _ = signalWakeFD.compareExchange(
      expected: writeFD, desired: -1, ordering: .sequentiallyConsistent)
    close(readFD)
    close(writeFD)
  }

  /// Pauses for `seconds` or until woken.
  ///
  /// - Returns: whether it was woken (now or before).
  @discardableResult
  package func wait(_ seconds: Double) -> Bool {
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    let end = Double(deadline.tv_sec) + Double(deadline.tv_nsec) / 1e9 + max(0, seconds)
    while true {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let left = end - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
      var entry = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(min(max(left, 0) * 1000, Double(Int32.max)).rounded(.up))
      let ready = poll(&entry, 1, milliseconds)
      if ready > 0 { return true }
      if ready == 0 && left <= 0 { return false }
      if ready < 0 && errno != EINTR { return false }
    }
  }

  /// Whether it was woken.
  package var isWoken: Bool {
    var entry = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) > 0
  }

  /// Wakes every waiter, now and later.
  package func wake() {
    var byte: UInt8 = 1
    _ = write(writeFD, &byte, 1)
  }

  /// Makes SIGINT and SIGTERM wake this instead of ending the process (signals inherited as
  /// ignored stay ignored). For one wake-up per process at a time.
  package func wakeOnShutdownSignals() {
    signalWakeFD.store(writeFD, ordering: .sequentiallyConsistent)
    for signal in [SIGINT, SIGTERM] {
      var previous = sigaction()
      guard sigaction(signal, nil, &previous) == 0 else { continue }
      if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
      {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = wakeFromSignal
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }
}

/// The signal handler: async-signal-safe (an atomic load and `write`).
private func wakeFromSignal(_ signal: Int32) {
  let fd = signalWakeFD.load(ordering: .sequentiallyConsistent)
  guard fd >= 0 else { return }
  let saved = errno
  var byte: UInt8 = 1
  _ = write(fd, &byte, 1)
  errno = saved
}
