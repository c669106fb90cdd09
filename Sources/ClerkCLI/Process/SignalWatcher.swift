import ClerkctlCore
import ClerkctlKit
import Glibc
import Synchronization

/// The write end of the self-pipe SIGINT is reported through (-1: none yet). The handler can
/// capture nothing, so this one descriptor is process-wide.
private let signalPipeWriteEnd = Atomic<Int32>(-1)
/// The read end, polled by every watcher thread.
private let signalPipeReadEnd = Atomic<Int32>(-1)
/// Guards creating the pipe once.
private let signalPipeCreation = Lock(false)

/// `ProcessGuard`'s engine: turns SIGINT and passed deadlines into one call of `fire`, made on a
/// thread of its own, never in a signal handler or on a Dispatch queue.
///
/// SIGINT's handler only writes a byte to a pipe (async-signal-safe); the watcher thread polls
/// that pipe with the earliest deadline as its timeout. The handler is installed while at least
/// one watch gives Ctrl-C a meaning, and the previous disposition is put back after. The process
/// has one (`ProcessGuard.live`); the signal pipe is process-wide, so watchers made in tests
/// read it only while they hold a watch with an interruption.
package final class SignalWatcher: Sendable {
  /// Called once per fired watch: the error, the terminal of the watch, and every terminal
  /// state the watches in force ask to restore (oldest first).
  package typealias Fire =
    @Sendable (
      _ error: any Error, _ terminal: Terminal, _ restoring: [ProcessGuard.SavedTerminal]
    ) -> Void

  private struct Entry {
    var watch: ProcessGuard.Watch
    var terminal: Terminal
    /// Monotonic seconds at which the deadline passes.
    var due: Double?
  }

  private struct State {
    /// The watches in force, oldest first (ids only grow). An array, not a dictionary: every
    /// command runs under a watch, and a `Dictionary<Int, Entry>`'s metadata costs a scan of
    /// the binary's protocol conformances on each start (about 0.2 M instructions).
    var entries: [(id: Int, entry: Entry)] = []
    var nextID = 0
    var threadStarted = false
    /// The disposition SIGINT had before the handler went in; `nil` while it is not installed.
    var previousAction: sigaction?
  }

  private let fire: Fire
  private let state = Lock(State())
  /// Wakes the watcher thread when the watches change: [read end, write end].
  private let wakeRead: Int32
  private let wakeWrite: Int32

  package init(fire: @escaping Fire) {
    self.fire = fire
    let ends = Self.makePipe() ?? [-1, -1]
    wakeRead = ends[0]
    wakeWrite = ends[1]
    Self.createSignalPipe()
  }

  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  /// Starts `watch`; the returned handle stops it.
  package func watch(
    _ watch: ProcessGuard.Watch, terminal: Terminal
  ) -> ProcessGuard.Watching {
    let due = watch.deadline.map { Self.monotonicNow() + max(0, $0) }
    let handlesInterrupts = watch.interruption != nil
    var previousMask = sigset_t()
    if handlesInterrupts {
      // A parent may have left SIGINT blocked; unblock it in this thread, which is the one that
      // blocks, so Ctrl-C reaches the handler.
      var interrupt = sigset_t()
      sigemptyset(&interrupt)
      sigaddset(&interrupt, SIGINT)
      pthread_sigmask(SIG_UNBLOCK, &interrupt, &previousMask)
    }
    let (id, startThread) = state.withLock { state -> (Int, Bool) in
      let id = state.nextID
      state.nextID += 1
      state.entries.append((id, Entry(watch: watch, terminal: terminal, due: due)))
      if handlesInterrupts && state.previousAction == nil {
        state.previousAction = Self.installHandler()
      }
      defer { state.threadStarted = true }
      return (id, !state.threadStarted)
    }
    if startThread {
      DetachedThread.start { [self] in run() }
    }
    wake()
    let savedMask = previousMask
    return ProcessGuard.Watching { [self] in
      stop(id)
      if handlesInterrupts {
        var mask = savedMask
        pthread_sigmask(SIG_SETMASK, &mask, nil)
      }
    }
  }

  private func stop(_ id: Int) {
    state.withLock { state in
      state.entries.removeAll { $0.id == id }
      if let previous = state.previousAction,
        !state.entries.contains(where: { $0.entry.watch.interruption != nil })
      {
        var action = previous
        sigaction(SIGINT, &action, nil)
        state.previousAction = nil
      }
    }
    wake()
  }

  private func wake() {
    var byte: UInt8 = 0
    _ = write(wakeWrite, &byte, 1)
  }

  /// The watcher thread: waits for a signal byte, a wake-up or the earliest deadline.
  private func run() {
    let signalRead = signalPipeReadEnd.load(ordering: .acquiring)
    while true {
      let (due, interruptible) = state.withLock { state in
        (
          state.entries.compactMap(\.entry.due).min(),
          state.entries.contains { $0.entry.watch.interruption != nil }
        )
      }
      let timeout: Int32 =
        due.map { Int32(clamping: Int64(max(0, $0 - Self.monotonicNow()) * 1000) + 1) } ?? -1
      var fds = [
        // Only while a watch gives Ctrl-C a meaning is the signal pipe this watcher's to read.
        pollfd(fd: interruptible ? signalRead : -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, timeout)
      if ready < 0 && errno != EINTR { return }
      if fds[1].revents != 0 { Self.drain(wakeRead) }
      if fds[0].revents != 0 {
        Self.drain(signalRead)
        if let (entry, restoring) = take(where: { $0.watch.interruption != nil }, latest: true),
          let error = entry.watch.interruption
        {
          fire(error, entry.terminal, restoring)
        }
      }
      let now = Self.monotonicNow()
      while let (entry, restoring) = take(where: { ($0.due ?? .infinity) <= now }, latest: false) {
        fire(
          entry.watch.expiry ?? ClerkError.signInTimedOut(seconds: entry.watch.deadline ?? 0),
          entry.terminal, restoring)
      }
    }
  }

  /// Removes the newest (or oldest) entry matching `predicate`; returns it with every terminal
  /// state to restore.
  private func take(
    where predicate: (Entry) -> Bool, latest: Bool
  ) -> (Entry, [ProcessGuard.SavedTerminal])? {
    state.withLock { state in
      let ordered = state.entries
      guard
        let index = latest
          ? ordered.lastIndex(where: { predicate($0.entry) })
          : ordered.firstIndex(where: { predicate($0.entry) })
      else { return nil }
      let entry = state.entries.remove(at: index).entry
      return (entry, ordered.compactMap(\.entry.watch.restoring))
    }
  }

  private static func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(descriptor, &buffer, buffer.count) > 0 {}
  }

  /// A pipe whose ends are non-blocking and closed on exec: [read end, write end].
  private static func makePipe() -> [Int32]? {
    CloseOnExec.pipe(nonBlocking: true).map { [$0.read, $0.write] }
  }

  private static func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  private static func createSignalPipe() {
    signalPipeCreation.withLock { created in
      guard !created else { return }
      guard let ends = makePipe() else { return }
      signalPipeReadEnd.store(ends[0], ordering: .releasing)
      signalPipeWriteEnd.store(ends[1], ordering: .releasing)
      created = true
    }
  }

  /// Installs the SIGINT handler; returns the disposition it replaced. A SIGINT inherited as
  /// ignored (a background job of a script) stays ignored: Ctrl-C is not meant for it.
  private static func installHandler() -> sigaction {
    var previous = sigaction()
    sigaction(SIGINT, nil, &previous)
    if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
    {
      return previous
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = reportSignal
    action.sa_flags = SA_RESTART
    sigemptyset(&action.sa_mask)
    sigaction(SIGINT, &action, nil)
    return previous
  }
}

/// The SIGINT handler: async-signal-safe (an atomic load and `write` only).
private func reportSignal(_ signal: Int32) {
  let saved = errno
  let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
  if descriptor >= 0 {
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(descriptor, &byte, 1)
  }
  errno = saved
}
