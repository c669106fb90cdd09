import ClerkctlCore
import Dispatch
import FoundationEssentials

/// A small HTTP/1.1 server on POSIX sockets, for the emulator and loopback callbacks.
///
/// One I/O thread polls the listening socket and every connection (all non-blocking), feeds
/// each connection's bytes to an `HTTPRequestParser` and hands complete requests to a fixed
/// pool of worker threads running the handler. Responses are written back by the I/O thread
/// without blocking, so a slow or stalled client, garbage bytes, an oversized head or body or
/// many connections never stop the server or hold up other clients: bad input gets a 4xx and
/// a close, stalled connections are closed on `readTimeout`/`idleTimeout`, and connections
/// beyond `maxConnections` are closed at once. Keep-alive and pipelining follow HTTP/1.1.
///
/// A handler that blocks occupies one worker; handlers run concurrently on up to
/// `workerThreads` threads, so they must be thread-safe.
package final class HTTPServer: Sendable {
  /// Answers one request; called on a worker thread.
  package typealias Handler = @Sendable (HTTPServerRequest) -> HTTPServerResponse

  /// The configuration the server was created with.
  package let configuration: Configuration
  private let handler: Handler

  private struct State {
    var core: ServerCore?
    var started = false
    var port = 0
  }

  private let state = Lock(State())

  /// Creates a server; nothing listens until `start()`.
  ///
  /// - Parameters:
  ///   - configuration: address, limits and timeouts.
  ///   - handler: answers each request, on a worker thread.
  package init(configuration: Configuration = Configuration(), handler: @escaping Handler) {
    self.configuration = configuration
    self.handler = handler
  }

  deinit { stop() }

  /// Binds, listens and starts the I/O and worker threads; returns once connections are
  /// accepted (queued by the kernel until the I/O thread picks them up).
  ///
  /// - Throws: `HTTPServerError`: `.addressInUse`, `.invalidHost`, `.invalidConfiguration`,
  ///   `.socketFailed`, or `.alreadyStarted` on a second call.
  package func start() throws {
    try configuration.validate()
    try state.withLock { (state: inout State) throws(HTTPServerError) in
      guard !state.started else { throw .alreadyStarted }
      let listener =
        if let path = configuration.unixSocketPath {
          try ListeningSocket.open(unixPath: path, backlog: 1024)
        } else {
          try ListeningSocket.open(
            host: configuration.host, port: configuration.port, backlog: 1024)
        }
      let core = ServerCore(
        configuration: configuration, handler: handler, listener: listener,
        wakePipe: try WakePipe())
      DetachedThread.start { ServerLoop(core: core).run() }
      state.core = core
      state.started = true
      state.port = listener.port
    }
  }

  /// The port bound by `start()` (the chosen one when configured with 0); 0 before `start()`.
  package var port: Int { state.withLock { $0.port } }

  /// Whether the server is started and `stop()` has not been called.
  var isRunning: Bool { state.withLock { $0.core != nil } }

  /// Stops gracefully: stops accepting, closes idle connections, lets in-flight handlers finish
  /// and their responses go out (for at most `shutdownGracePeriod` seconds), then closes
  /// everything and waits for the worker threads to end, again for at most
  /// `shutdownGracePeriod` seconds (at least one): it never hangs on a handler that does not
  /// return. Returns when done; called from a handler, it returns at once and the server
  /// finishes stopping after that handler. Safe to call more than once, or before `start()`.
  ///
  /// - Returns: how many workers were still running a handler when the wait for them ended
  ///   (they are let go); 0 when every one ended, or when called from a handler or again.
  @discardableResult
  package func stop() -> Int {
    let taken = state.withLock { state in
      defer { state.core = nil }
      return state.core
    }
    guard let core = taken else { return 0 }
    core.requestStop()
    guard !core.pool.isCurrentThreadWorker else { return 0 }
    core.finished.wait()
    return core.stuckWorkers
  }
}
