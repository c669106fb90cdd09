import ClerkctlCore

extension HTTPServer {
  /// Where the server listens and the limits that keep it responsive.
  package struct Configuration: Sendable {
    /// An IPv4 literal, an IPv6 literal such as `::1`, or `localhost` (127.0.0.1).
    package var host: String = "127.0.0.1"
    /// The port; 0 picks a free one (read it from `HTTPServer.port` after `start()`).
    package var port: Int = 0
    /// A Unix-domain socket path to listen on instead of `host` and `port`: created by
    /// `start()` with mode 0600 (it must not exist), and left for the caller to remove.
    package var unixSocketPath: String?
    /// Threads running handlers; a handler that blocks holds only its own thread.
    package var workerThreads: Int = 8
    /// Open connections allowed; at the limit a new connection replaces the oldest one still
    /// waiting for its request (none waiting: the new one is closed at once).
    package var maxConnections: Int = 512
    /// The largest request head; a larger one gets 431 and the connection closes.
    package var maxHeaderBytes: Int = 16 * 1024
    /// The largest request body; a larger one gets 413 and the connection closes.
    package var maxBodyBytes: Int = 1 << 20
    /// Seconds for a request to arrive completely, counted from its first byte (or from accept);
    /// past it the connection closes, after a 408 if part of a request was read. Also bounds how
    /// long the server waits for a closing client after an error response.
    package var readTimeout: Double = 10
    /// Seconds a keep-alive connection may sit idle between requests, and a response write may
    /// make no progress, before the connection closes.
    package var idleTimeout: Double = 30
    /// Seconds `stop()` waits for in-flight handlers and their responses.
    package var shutdownGracePeriod: Double = 5
    /// The clock for `Date` headers.
    package var clock: Clock = .system

    /// - Parameters: see the properties; every one has the default shown there.
    package init(
      host: String = "127.0.0.1",
      port: Int = 0,
      workerThreads: Int = 8,
      maxConnections: Int = 512,
      maxHeaderBytes: Int = 16 * 1024,
      maxBodyBytes: Int = 1 << 20,
      readTimeout: Double = 10,
      idleTimeout: Double = 30,
      shutdownGracePeriod: Double = 5,
      clock: Clock = .system,
      unixSocketPath: String? = nil
    ) {
      self.host = host
      self.port = port
      self.unixSocketPath = unixSocketPath
      self.workerThreads = workerThreads
      self.maxConnections = maxConnections
      self.maxHeaderBytes = maxHeaderBytes
      self.maxBodyBytes = maxBodyBytes
      self.readTimeout = readTimeout
      self.idleTimeout = idleTimeout
      self.shutdownGracePeriod = shutdownGracePeriod
      self.clock = clock
    }

    /// Throws `HTTPServerError.invalidConfiguration` naming the first value out of range.
    func validate() throws(HTTPServerError) {
      let problems: [(Bool, String)] = [
        ((0...65_535).contains(port), "port must be between 0 and 65535"),
        ((1...1024).contains(workerThreads), "workerThreads must be between 1 and 1024"),
        (maxConnections >= 1, "maxConnections must be at least 1"),
        (maxHeaderBytes >= 64, "maxHeaderBytes must be at least 64"),
        (maxBodyBytes >= 0, "maxBodyBytes must not be negative"),
        (readTimeout > 0 && readTimeout.isFinite, "readTimeout must be positive"),
        (idleTimeout > 0 && idleTimeout.isFinite, "idleTimeout must be positive"),
        (
          shutdownGracePeriod >= 0 && shutdownGracePeriod.isFinite,
          "shutdownGracePeriod must not be negative"
        ),
      ]
      if let problem = problems.first(where: { !$0.0 }) {
        throw .invalidConfiguration(problem.1)
      }
    }
  }
}
