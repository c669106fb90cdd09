import Glibc

/// One accepted connection, owned and touched only by the server's I/O thread.
///
/// Closing is releasing: `deinit` shuts the socket down, then closes it. The shutdown ends the
/// connection itself, so the peer sees the end even if some other process holds a copy of the
/// descriptor (`close` alone only drops this process's reference).
final class ServerConnection {
  /// Where the connection is in its request/response cycle.
  enum Phase {
    /// Reading (and parsing) the next request.
    case reading
    /// A handler is running for the request just read; nothing is read meanwhile.
    case handling
    /// Writing a response.
    case writing
    /// Error or close response sent and write side shut: discarding input until the peer
    /// closes or the linger time ends, so the response is not lost to a reset.
    case lingering
  }

  let id: Int
  let fd: Int32
  let remoteAddress: String
  var parser: HTTPRequestParser
  var phase = Phase.reading
  /// Received bytes not consumed by a request yet.
  var input: [UInt8] = []
  /// Bytes to send, from `outputOffset` on.
  var output: [UInt8] = []
  var outputOffset = 0
  /// Close (after lingering) once `output` is sent.
  var closeAfterWrite = false
  /// The peer shut its write side (read returned 0).
  var readClosed = false
  /// When the current request started: accept, or its first byte after an idle period.
  var requestStarted: Double
  /// When the connection became idle after a response, while no new byte has arrived.
  var idleSince: Double?
  /// The last time a write made progress (or the write started).
  var lastProgress: Double
  /// When lingering ends.
  var lingerDeadline: Double = 0

  init(id: Int, fd: Int32, remoteAddress: String, parser: HTTPRequestParser, now: Double) {
    self.id = id
    self.fd = fd
    self.remoteAddress = remoteAddress
    self.parser = parser
    self.requestStarted = now
    self.lastProgress = now
  }

  deinit {
    shutdown(fd, Int32(SHUT_RDWR))
    close(fd)
  }

  /// Whether bytes are waiting to be sent.
  var hasOutput: Bool { outputOffset < output.count }

  /// The `poll` events to wait for; 0 means do not poll this connection.
  var pollEvents: Int16 {
    let wantsOutput = hasOutput ? Int16(POLLOUT) : 0
    switch phase {
    case .reading: return Int16(POLLIN) | wantsOutput
    case .handling: return wantsOutput
    case .writing: return Int16(POLLOUT)
    case .lingering: return Int16(POLLIN)
    }
  }

  /// When this connection times out in its current phase, or `nil` if it cannot.
  func deadline(readTimeout: Double, idleTimeout: Double) -> Double? {
    switch phase {
    case .reading:
      if input.isEmpty, let idleSince { return idleSince + idleTimeout }
      return requestStarted + readTimeout
    case .handling:
      return hasOutput ? lastProgress + idleTimeout : nil
    case .writing:
      return lastProgress + idleTimeout
    case .lingering:
      return lingerDeadline
    }
  }

  /// Queues bytes to send.
  func enqueue(_ bytes: [UInt8]) {
    if outputOffset == output.count {
      output = bytes
      outputOffset = 0
    } else {
      output += bytes
    }
  }

  /// The outcome of `flush()`.
  enum FlushResult {
    case done
    case blocked
    case failed
  }

  /// Sends as much queued output as the socket takes without blocking.
  func flush(now: Double) -> FlushResult {
    while outputOffset < output.count {
      let sent = output.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return send(fd, base + outputOffset, raw.count - outputOffset, Int32(MSG_NOSIGNAL))
      }
      if sent > 0 {
        outputOffset += sent
        lastProgress = now
        continue
      }
      let code = errno
      if sent < 0 && code == EINTR { continue }
      if sent < 0 && (code == EAGAIN || code == EWOULDBLOCK) { return .blocked }
      return .failed
    }
    output = []
    outputOffset = 0
    return .done
  }

  /// The outcome of `receive(into:)`.
  enum ReceiveResult {
    case bytes(Int)
    case wouldBlock
    case endOfStream
    case failed
  }

  /// Reads once into `scratch`.
  func receive(into scratch: UnsafeMutableRawBufferPointer) -> ReceiveResult {
    guard let base = scratch.baseAddress else { return .failed }
    while true {
      let count = recv(fd, base, scratch.count, 0)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .endOfStream }
      let code = errno
      if code == EINTR { continue }
      return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed
    }
  }
}
