import ClerkctlCore
import Dispatch
import FoundationEssentials
import Glibc

/// The server's I/O thread: one `poll()` over the wake pipe, the listening socket and every
/// connection. It reads, parses, dispatches complete requests to the worker pool, writes
/// responses without blocking and reaps connections past their timeouts.
///
/// Created and run on the I/O thread only; nothing here is shared.
final class ServerLoop {
  /// How long a closing connection may keep sending before it is cut off.
  static let maxLingerSeconds = 2.0
  /// How long accepting pauses when the process is out of file descriptors.
  static let acceptPauseSeconds = 0.1
  private static let readChunk = 64 * 1024
  private static let acceptBurst = 64

  private let core: ServerCore
  private let configuration: HTTPServer.Configuration
  private var listener: ListeningSocket?
  private var connections: [Int: ServerConnection] = [:]
  private var nextID = 0
  private var acceptPausedUntil = 0.0
  private var stopDeadline: Double?
  private let scratch: UnsafeMutableRawBufferPointer

  init(core: ServerCore) {
    self.core = core
    self.configuration = core.configuration
    self.listener = core.takeListener()
    self.scratch = .allocate(byteCount: Self.readChunk, alignment: 16)
  }

  deinit { scratch.deallocate() }

  /// Runs until `stop()` completes, then closes everything, waits for the workers to end and
  /// signals `core.finished`.
  func run() {
    while true {
      let now = Self.monotonicNow()
      if stopDeadline == nil, core.stopRequested { beginStop(now: now) }
      if let stopDeadline, connections.isEmpty || now >= stopDeadline { break }
      pollOnce(now: now)
    }
    connections.removeAll()
    listener = nil
    core.pool.shutdown()
    // Every worker has ended before `stop()` returns: a process that exits right after it
    // never runs its exit-time clean-up beside a worker still ending. The wait is bounded: a
    // handler that never returns is reported by `stop()`, not waited for.
    core.setStuckWorkers(
      core.pool.join(within: max(configuration.shutdownGracePeriod, ServerCore.minimumJoinWait)))
    core.finished.signal()
  }

  /// Monotonic seconds.
  static func monotonicNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  // MARK: - One iteration

  private func pollOnce(now: Double) {
    var fds = [pollfd(fd: core.wakePipe.readFD, events: Int16(POLLIN), revents: 0)]
    var owners: [Int] = [-1]
    let accepting = listener != nil && stopDeadline == nil && now >= acceptPausedUntil
    if accepting, let listener {
      fds.append(pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0))
      owners.append(-2)
    }
    for connection in connections.values {
      let events = connection.pollEvents
      guard events != 0 else { continue }
      fds.append(pollfd(fd: connection.fd, events: events, revents: 0))
      owners.append(connection.id)
    }
    let timeout = pollTimeout(now: now)
    let ready = poll(&fds, nfds_t(fds.count), timeout)
    let after = Self.monotonicNow()
    if ready < 0 { return }

    if fds[0].revents != 0 { core.wakePipe.drain() }
    for completion in core.takeCompletions() { apply(completion, now: after) }
    for (index, pollEntry) in fds.enumerated().dropFirst() where pollEntry.revents != 0 {
      let owner = owners[index]
      if owner == -2 {
        acceptConnections(now: after)
      } else if let connection = connections[owner] {
        handleEvents(pollEntry.revents, on: connection, now: after)
      }
    }
    reapTimeouts(now: after)
  }

  /// Milliseconds until the next deadline (at most a minute), or -1 to wait for events only.
  private func pollTimeout(now: Double) -> Int32 {
    var next = stopDeadline
    func consider(_ deadline: Double?) {
      guard let deadline else { return }
      next = min(next ?? deadline, deadline)
    }
    if listener != nil, acceptPausedUntil > now { consider(acceptPausedUntil) }
    for connection in connections.values {
      consider(
        connection.deadline(
          readTimeout: configuration.readTimeout, idleTimeout: configuration.idleTimeout))
    }
    guard let next else { return -1 }
    let milliseconds = ((next - now) * 1000).rounded(.up)
    return Int32(min(max(milliseconds, 0), 60_000))
  }

  // MARK: - Accepting

  private func acceptConnections(now: Double) {
    guard let listener else { return }
    for _ in 0..<Self.acceptBurst {
      switch listener.accept() {
      case .connection(let fd, let address):
        let parser = HTTPRequestParser(
          maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes)
        let connection = ServerConnection(
          id: nextID, fd: fd, remoteAddress: address, parser: parser, now: now)
        nextID += 1
        // At the limit the oldest connection still waiting for its request goes, so idle
        // connections (another local user's, say) cannot keep new ones out; with none
        // waiting, the new one is released, which closes it.
        if connections.count >= configuration.maxConnections, let oldest = oldestWaiting() {
          close(oldest)
        }
        if connections.count < configuration.maxConnections {
          connections[connection.id] = connection
        }
      case .wouldBlock:
        return
      case .failed(let code):
        if code == EINTR || code == ECONNABORTED || code == EPROTO { continue }
        // Out of descriptors or memory: stop polling the listener for a moment instead of
        // spinning on a readable socket that cannot be accepted.
        acceptPausedUntil = now + Self.acceptPauseSeconds
        return
      }
    }
  }

  // MARK: - Connection events

  private func handleEvents(_ revents: Int16, on connection: ServerConnection, now: Double) {
    if revents & Int16(POLLNVAL) != 0 {
      close(connection)
      return
    }
    if revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0, connection.hasOutput {
      flush(connection, now: now)
      guard connections[connection.id] != nil else { return }
    }
    if revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
      switch connection.phase {
      case .reading: read(connection, now: now)
      case .lingering: discardInput(connection)
      case .handling, .writing: break
      }
    }
  }

  private func read(_ connection: ServerConnection, now: Double) {
    switch connection.receive(into: scratch) {
    case .bytes(let count):
      if connection.input.isEmpty, connection.idleSince != nil {
        connection.idleSince = nil
        connection.requestStarted = now
      }
      connection.input.append(
        contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
      process(connection, now: now)
    case .wouldBlock:
      break
    case .endOfStream:
      connection.readClosed = true
      process(connection, now: now)
    case .failed:
      close(connection)
    }
  }

  private func discardInput(_ connection: ServerConnection) {
    switch connection.receive(into: scratch) {
    case .bytes, .wouldBlock: break
    case .endOfStream, .failed: close(connection)
    }
  }

  /// Parses buffered input of a reading connection and acts on the result.
  private func process(_ connection: ServerConnection, now: Double) {
    guard connection.phase == .reading else { return }
    switch connection.parser.parse(connection.input) {
    case .needMore:
      if connection.readClosed {
        close(connection)
      } else if connection.parser.takeContinue() {
        connection.enqueue(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        flush(connection, now: now)
      }
    case .request(var request, let consumed):
      connection.input.removeFirst(consumed)
      request.remoteAddress = connection.remoteAddress
      let keepAlive =
        connection.parser.lastRequestKeepsAlive && !connection.readClosed && stopDeadline == nil
      connection.phase = .handling
      core.dispatch(request, connectionID: connection.id, keepAlive: keepAlive)
    case .failure(let status, let reason):
      respondWithError(connection, status: status, reason: reason, now: now)
    }
  }

  /// Sends a server-made error response, then closes.
  private func respondWithError(
    _ connection: ServerConnection, status: Int, reason: String, now: Double
  ) {
    let encoded = HTTPResponseEncoder.encode(
      HTTPResponseEncoder.errorResponse(status: status, reason: reason), method: "GET",
      keepAlive: false, date: configuration.clock.now())
    connection.input = []
    connection.enqueue(encoded.bytes)
    connection.closeAfterWrite = true
    connection.phase = .writing
    connection.lastProgress = now
    flush(connection, now: now)
  }

  /// Applies a handler's answer to its connection, if the connection still exists.
  private func apply(_ completion: ServerCore.Completion, now: Double) {
    guard let connection = connections[completion.connectionID], connection.phase == .handling
    else { return }
    switch completion.action {
    case .drop:
      close(connection)
    case .write(let encoded):
      connection.enqueue(encoded.bytes)
      connection.closeAfterWrite =
        encoded.closesConnection || connection.readClosed || stopDeadline != nil
      connection.phase = .writing
      connection.lastProgress = now
      flush(connection, now: now)
    }
  }

  private func flush(_ connection: ServerConnection, now: Double) {
    switch connection.flush(now: now) {
    case .blocked:
      break
    case .failed:
      close(connection)
    case .done:
      if connection.phase == .writing { responseWritten(connection, now: now) }
    }
  }

  /// After a full response: close, or wait for (and parse any pipelined) next request.
  private func responseWritten(_ connection: ServerConnection, now: Double) {
    if connection.closeAfterWrite || stopDeadline != nil {
      beginClosing(connection, now: now)
      return
    }
    connection.phase = .reading
    connection.idleSince = now
    connection.requestStarted = now
    if !connection.input.isEmpty || connection.readClosed { process(connection, now: now) }
  }

  /// Shuts the write side and lingers briefly so the peer reads the response before the close.
  private func beginClosing(_ connection: ServerConnection, now: Double) {
    guard !connection.readClosed, stopDeadline == nil else {
      close(connection)
      return
    }
    shutdown(connection.fd, Int32(SHUT_WR))
    connection.input = []
    connection.phase = .lingering
    connection.lingerDeadline = now + min(Self.maxLingerSeconds, configuration.readTimeout)
  }

  /// The longest-open connection that has no request being handled or answered.
  private func oldestWaiting() -> ServerConnection? {
    connections.values.filter { $0.phase == .reading }.min { $0.id < $1.id }
  }

  private func close(_ connection: ServerConnection) {
    connections[connection.id] = nil
  }

  // MARK: - Timeouts and stopping

  private func reapTimeouts(now: Double) {
    for connection in Array(connections.values) {
      guard
        let deadline = connection.deadline(
          readTimeout: configuration.readTimeout, idleTimeout: configuration.idleTimeout),
        now >= deadline
      else { continue }
      if connection.phase == .reading, !connection.input.isEmpty {
        respondWithError(connection, status: 408, reason: "request not complete in time", now: now)
      } else {
        close(connection)
      }
    }
  }

  /// Stops accepting, closes connections with no request in flight and starts the grace period.
  private func beginStop(now: Double) {
    listener = nil
    stopDeadline = now + configuration.shutdownGracePeriod
    for connection in Array(connections.values) {
      switch connection.phase {
      case .reading, .lingering: close(connection)
      case .handling, .writing: connection.closeAfterWrite = true
      }
    }
  }
}
