import ClerkctlCore
import Dispatch
import FoundationEssentials

/// What the server's I/O thread shares with the workers and with `HTTPServer`.
final class ServerCore: Sendable {
  /// A finished handler's answer for one connection.
  struct Completion: Sendable {
    enum Action: Sendable {
      case write(HTTPResponseEncoder.Encoded)
      case drop
    }

    var connectionID: Int
    var action: Action
  }

  let configuration: HTTPServer.Configuration
  let handler: HTTPServer.Handler
  let wakePipe: WakePipe
  let pool: WorkerPool
  /// Signalled once when the I/O thread has closed everything and exited.
  let finished = DispatchSemaphore(value: 0)
  /// The least time the I/O thread waits for idle workers to end at stop, in seconds.
  static let minimumJoinWait = 1.0

  private struct Shared {
    var completions: [Completion] = []
    var stopRequested = false
    var listener: ListeningSocket?
    /// Workers still running a handler when the stop's bounded wait for them ended.
    var stuckWorkers = 0
  }

  private let shared: Lock<Shared>

  init(
    configuration: HTTPServer.Configuration, handler: @escaping HTTPServer.Handler,
    listener: ListeningSocket, wakePipe: WakePipe
  ) {
    self.configuration = configuration
    self.handler = handler
    self.wakePipe = wakePipe
    self.pool = WorkerPool(threads: configuration.workerThreads)
    self.shared = Lock(Shared(listener: listener))
  }

  /// Hands the listening socket to the I/O thread, which then holds the only reference.
  func takeListener() -> ListeningSocket? {
    shared.withLock { state in
      defer { state.listener = nil }
      return state.listener
    }
  }

  /// Whether `stop()` was called.
  var stopRequested: Bool { shared.withLock { $0.stopRequested } }

  /// How many workers the stop left running (set before `finished` is signalled).
  var stuckWorkers: Int { shared.withLock { $0.stuckWorkers } }

  func setStuckWorkers(_ count: Int) { shared.withLock { $0.stuckWorkers = count } }

  /// Asks the I/O thread to shut down gracefully.
  func requestStop() {
    shared.withLock { $0.stopRequested = true }
    wakePipe.wake()
  }

  /// Queues a handler's answer for the I/O thread, waking it only for the first answer of a
  /// batch: while answers are queued, a wake for them is pending already (the I/O thread
  /// drains the pipe before it takes the queue), so under load most answers cost no write.
  func complete(_ completion: Completion) {
    let first = shared.withLock { state in
      state.completions.append(completion)
      return state.completions.count == 1
    }
    if first { wakePipe.wake() }
  }

  /// Takes every queued answer.
  func takeCompletions() -> [Completion] {
    shared.withLock { state in
      defer { state.completions = [] }
      return state.completions
    }
  }

  /// Runs the handler for `request` on a worker and queues the encoded response.
  func dispatch(_ request: HTTPServerRequest, connectionID: Int, keepAlive: Bool) {
    pool.submit { [self] in
      let response = handler(request)
      let action: Completion.Action
      switch response.action {
      case .dropConnection:
        action = .drop
      case .respond(let answer):
        action = .write(
          HTTPResponseEncoder.encode(
            answer, method: request.method, keepAlive: keepAlive && !stopRequested,
            date: configuration.clock.now()))
      }
      complete(Completion(connectionID: connectionID, action: action))
    }
  }
}
