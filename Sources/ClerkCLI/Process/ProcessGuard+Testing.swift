import ClerkctlCore

extension ProcessGuard {
  /// A guard that watches nothing: Ctrl-C keeps its disposition and no deadline ends the
  /// process. The default of `CommandContext.init`, so in-process runs never end their process.
  package static let inert = ProcessGuard { _, _ in Watching {} }

  /// A guard for tests that records each watch and whether it was stopped.
  package static func recording() -> (ProcessGuard, ProcessGuardRecorder) {
    let recorder = ProcessGuardRecorder()
    let processGuard = ProcessGuard { watch, _ in
      let index = recorder.started(watch)
      return Watching { recorder.stopped(index) }
    }
    return (processGuard, recorder)
  }
}

/// What a `ProcessGuard.recording()` guard was asked to watch.
package final class ProcessGuardRecorder: Sendable {
  private let entries = Lock<[(watch: ProcessGuard.Watch, stopped: Bool)]>([])

  fileprivate func started(_ watch: ProcessGuard.Watch) -> Int {
    entries.withLock { entries in
      entries.append((watch, false))
      return entries.count - 1
    }
  }

  fileprivate func stopped(_ index: Int) {
    entries.withLock { $0[index].stopped = true }
  }

  /// The watches started, in order.
  package var watches: [ProcessGuard.Watch] { entries.withLock { $0.map(\.watch) } }
  /// Whether every watch started was stopped again.
  package var allStopped: Bool { entries.withLock { $0.allSatisfy(\.stopped) } }
}
