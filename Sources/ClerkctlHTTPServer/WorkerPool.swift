import ClerkctlCore
import Dispatch
import FoundationEssentials
import Glibc

/// A fixed set of threads running submitted jobs in order; a job that blocks holds one thread.
final class WorkerPool: Sendable {
  typealias Job = @Sendable () -> Void

  private struct State {
    /// Queued jobs; `nil` tells one worker to exit.
    var jobs: [Job?] = []
    var workers: Set<UInt> = []
    var shutDown = false
  }

  private let state = Lock(State())
  private let available = DispatchSemaphore(value: 0)
  /// Signalled by each worker as it ends, for ``join(within:)``.
  private let ended = DispatchSemaphore(value: 0)
  private let threadCount: Int
  /// The workers' threads, for ``join()``; set once, right after they start.
  private let threads = Lock<[JoinableThread]>([])

  /// Starts `threads` workers.
  init(threads count: Int) {
    threadCount = max(count, 1)
    let started = (0..<threadCount).compactMap { _ in
      JoinableThread.start { [self] in run() }
    }
    threads.withLock { $0 = started }
  }

  /// Queues `job` for the next free worker.
  func submit(_ job: @escaping Job) {
    let accepted = state.withLock { state in
      guard !state.shutDown else { return false }
      state.jobs.append(job)
      return true
    }
    if accepted { available.signal() }
  }

  /// Lets each worker exit once the jobs already queued have run; returns at once.
  func shutdown() {
    let first = state.withLock { state in
      defer { state.shutDown = true }
      guard !state.shutDown else { return false }
      state.jobs.append(contentsOf: [Job?](repeating: nil, count: threadCount))
      return true
    }
    guard first else { return }
    for _ in 0..<threadCount { available.signal() }
  }

  /// After ``shutdown()``: waits until every worker has ended (the jobs queued before it run
  /// first), thread-local destructors included, but no longer than `seconds`. From a worker,
  /// waits for the others only.
  ///
  /// - Returns: how many workers were still running at the bound (a job that never returns);
  ///   those are let go (detached), never waited for.
  @discardableResult
  func join(within seconds: Double) -> Int {
    let all = threads.withLock { threads in
      defer { threads = [] }
      return threads
    }
    let others = all.filter { !$0.isCurrent }
    let deadline = DispatchTime.now() + seconds
    var endedCount = 0
    while endedCount < others.count, ended.wait(timeout: deadline) == .success {
      endedCount += 1
    }
    guard endedCount < others.count else {
      for thread in others { thread.join() }
      return 0
    }
    // Which ones are stuck is not known: detaching a thread that has ended frees it too.
    for thread in others { thread.detach() }
    return others.count - endedCount
  }

  /// Whether the calling thread is one of this pool's workers.
  var isCurrentThreadWorker: Bool {
    let me = UInt(pthread_self())
    return state.withLock { $0.workers.contains(me) }
  }

  private func run() {
    let me = UInt(pthread_self())
    state.withLock { _ = $0.workers.insert(me) }
    defer {
      state.withLock { _ = $0.workers.remove(me) }
      ended.signal()
    }
    while true {
      available.wait()
      let next = state.withLock { state -> Job?? in
        state.jobs.isEmpty ? nil : state.jobs.removeFirst()
      }
      switch next {
      case .none: continue
      case .some(.none): return
      case .some(.some(let job)): job()
      }
    }
  }
}
