import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Glibc

/// A raw HTTP/1.1 responder on `127.0.0.1` (a free port) for testing HTTP clients byte by byte.
///
/// For each connection it reads a request head (and a body by `Content-Length`), records it, asks
/// its handler (or its script) for a `Reply`, and writes exactly the bytes of that reply: well
/// formed, truncated, garbage, chunked, or nothing at all (stall or close). Bytes that do not begin
/// like an HTTP request (a TLS ClientHello, say) are recorded as a request with `isHTTP == false`
/// and handed to the handler at once, so a test can answer them too.
///
/// Each connection is served on its own thread; `stop()` (also run by `deinit`) closes the
/// listener and every open connection. Its descriptors are close-on-exec, and a connection is
/// shut down before it is closed, so a child process started meanwhile keeps none open.
/// Chunked request bodies are not decoded.
///
/// ```swift
/// let responder = try ScriptedHTTPResponder(script: [
///   .response(status: 200, headers: [("Content-Type", "text/plain")], body: Array("hi".utf8)),
/// ])
/// defer { responder.stop() }
/// let response = try client.send(HTTPRequest(url: responder.url("/hello")))
/// ```
package final class ScriptedHTTPResponder: Sendable {
  /// What to do with one received request.
  package enum Reply: Sendable, Equatable {
    /// Write `bytes` verbatim, then wait for the next request on the connection, or close it.
    case send([UInt8], thenClose: Bool)
    /// Never answer; hold the connection open (reading and discarding) until the client closes
    /// it or the responder stops.
    case stall
    /// Close the connection without writing anything.
    case close
  }

  /// One request as it arrived.
  package struct ReceivedRequest: Sendable, Equatable {
    /// Which accepted connection carried it, from 0 in accept order.
    package let connection: Int
    /// The method (`GET`); empty when `isHTTP` is false.
    package let method: String
    /// The request target as sent (`/path?query`).
    package let target: String
    /// The protocol version (`HTTP/1.1`).
    package let version: String
    /// The header fields, in order, names as sent.
    package let headers: HTTPHeaders
    /// The body, read by `Content-Length`.
    package let body: [UInt8]
    /// The raw head up to and including the blank line (or the raw bytes when not HTTP).
    package let head: [UInt8]
    /// Whether the bytes looked like an HTTP request at all.
    package let isHTTP: Bool

    /// The head as text, for assertions.
    package var headText: String { String(decoding: head, as: UTF8.self) }
    /// The body as text.
    package var bodyText: String { String(decoding: body, as: UTF8.self) }
  }

  /// The port listened on.
  package let port: UInt16
  private let state: State

  /// Starts a responder that answers each request with `handler`'s reply.
  ///
  /// - Parameters:
  ///   - port: the port to listen on (0: a free one), e.g. one another server just left.
  ///   - handler: called on a connection thread for every request, in arrival order per
  ///     connection; concurrent connections call it concurrently.
  /// - Throws: `LoopbackSocket.Failure` when the socket cannot be set up.
  package init(
    port: UInt16 = 0, handler: @escaping @Sendable (ReceivedRequest) -> Reply
  ) throws {
    let (descriptor, port) = try LoopbackSocket.listen(port: port)
    self.port = port
    state = State(listener: descriptor, handler: handler)
    let state = state
    Thread.detachNewThread { state.acceptLoop() }
  }

  /// Starts a responder that gives the replies of `script` in order, one per request (across
  /// all connections), then `whenDone` to every further request.
  package convenience init(script: [Reply], whenDone: Reply = .close) throws {
    let queue = Lock(script[...])
    try self.init { _ in queue.withLock { $0.popFirst() } ?? whenDone }
  }

  deinit {
    stop()
  }

  /// `http://127.0.0.1:PORT` followed by `path`.
  package func url(_ path: String = "/") -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Every request received so far, in arrival order.
  package var requests: [ReceivedRequest] { state.locked.withLock { $0.requests } }

  /// How many connections were accepted so far.
  package var connectionCount: Int { state.locked.withLock { $0.connections } }

  /// Stops listening and closes every open connection. Idempotent.
  package func stop() {
    state.stop()
  }

  // MARK: Building replies

  /// A complete response with `Content-Length` (unless `headers` already has one).
  ///
  /// - Parameters:
  ///   - status: the status code; the reason phrase is a fixed one for common codes.
  ///   - headers: fields in order, written exactly as given.
  ///   - body: the body bytes.
  ///   - close: add `Connection: close` and close after writing.
  package static func response(
    status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], close: Bool = false
  ) -> Reply {
    var fields = headers
    if !fields.contains(where: { $0.0.lowercased() == "content-length" }) {
      fields.append(("Content-Length", String(body.count)))
    }
    if close { fields.append(("Connection", "close")) }
    return .send(head(status: status, headers: fields) + body, thenClose: close)
  }

  /// A chunked response (no `Content-Length`), one chunk per element of `chunks`, then closes.
  package static func chunked(
    status: Int = 200, headers: [(String, String)] = [], chunks: [[UInt8]]
  ) -> Reply {
    var bytes = head(status: status, headers: headers + [("Transfer-Encoding", "chunked")])
    for chunk in chunks where !chunk.isEmpty {
      bytes += Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Array("\r\n".utf8)
    }
    bytes += Array("0\r\n\r\n".utf8)
    return .send(bytes, thenClose: true)
  }

  /// A status line and header block (ending with the blank line), as bytes.
  package static func head(status: Int, headers: [(String, String)]) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    return Array((text + "\r\n").utf8)
  }

  private static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 307: "Temporary Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}

extension ScriptedHTTPResponder {
  /// The shared state the listener and connection threads use (never the responder itself, so
  /// `deinit` runs when the test drops it).
  fileprivate final class State: Sendable {
    struct Locked {
      var listener: Int32?
      var open: Set<Int32> = []
      var requests: [ReceivedRequest] = []
      var connections = 0
      var stopped = false
    }

    let locked: Lock<Locked>
    let handler: @Sendable (ReceivedRequest) -> Reply

    init(listener: Int32, handler: @escaping @Sendable (ReceivedRequest) -> Reply) {
      locked = Lock(Locked(listener: listener))
      self.handler = handler
    }

    func stop() {
      locked.withLock { state in
        state.stopped = true
        // Shut down (not close) so blocked threads wake; each thread closes its own descriptor
        // under this lock, so a number is never touched after it may have been reused.
        if let listener = state.listener { shutdown(listener, Int32(SHUT_RDWR)) }
        for descriptor in state.open { shutdown(descriptor, Int32(SHUT_RDWR)) }
      }
    }

    func acceptLoop() {
      guard let listener = locked.withLock({ $0.listener }) else { return }
      while true {
        let descriptor = CloseOnExec.accept(listener, nonBlocking: false)
        if descriptor < 0 {
          if errno == EINTR || errno == ECONNABORTED { continue }
          break
        }
        let index: Int? = locked.withLock { state in
          guard !state.stopped else { return nil }
          state.open.insert(descriptor)
          state.connections += 1
          return state.connections - 1
        }
        guard let index else {
          close(descriptor)
          break
        }
        Thread.detachNewThread { self.serve(descriptor, connection: index) }
      }
      locked.withLock { state in
        close(listener)
        state.listener = nil
      }
    }

    private func serve(_ descriptor: Int32, connection: Int) {
      var reader = RequestReader(descriptor: descriptor, connection: connection)
      defer {
        locked.withLock { state in
          state.open.remove(descriptor)
          // The shutdown ends the connection even if a child holds a copy of the descriptor.
          shutdown(descriptor, Int32(SHUT_RDWR))
          close(descriptor)
        }
      }
      while let request = reader.next() {
        locked.withLock { $0.requests.append(request) }
        switch handler(request) {
        case .send(let bytes, let thenClose):
          guard LoopbackSocket.writeAll(descriptor, bytes), !thenClose, request.isHTTP else {
            return
          }
        case .stall:
          while !LoopbackSocket.readSome(descriptor).isEmpty {}
          return
        case .close:
          return
        }
      }
    }
  }

  /// Splits a connection's byte stream into requests.
  private struct RequestReader {
    let descriptor: Int32
    let connection: Int
    var buffer: [UInt8] = []
    static let maximumHead = 65_536

    init(descriptor: Int32, connection: Int) {
      self.descriptor = descriptor
      self.connection = connection
    }

    /// The next request, or `nil` when the peer closed (or sent an incomplete request).
    mutating func next() -> ReceivedRequest? {
      while true {
        if let first = buffer.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
          return notHTTP()
        }
        if let end = headEnd() {
          return request(headLength: end)
        }
        if buffer.count > Self.maximumHead { return notHTTP() }
        let more = LoopbackSocket.readSome(descriptor)
        guard !more.isEmpty else { return nil }
        buffer += more
      }
    }

    private mutating func notHTTP() -> ReceivedRequest {
      let raw = buffer
      buffer.removeAll()
      return ReceivedRequest(
        connection: connection, method: "", target: "", version: "", headers: [:], body: [],
        head: raw, isHTTP: false)
    }

    private func headEnd() -> Int? {
      let terminator: [UInt8] = [13, 10, 13, 10]
      guard buffer.count >= 4 else { return nil }
      for index in 0...(buffer.count - 4) where buffer[index..<index + 4].elementsEqual(terminator)
      {
        return index + 4
      }
      return nil
    }

    private mutating func request(headLength: Int) -> ReceivedRequest? {
      let head = Array(buffer[..<headLength])
      let lines = String(decoding: head, as: UTF8.self)
        .components(separatedBy: "\r\n").filter { !$0.isEmpty }
      let requestLine = lines.first?.split(separator: " ").map(String.init) ?? []
      var headers = HTTPHeaders()
      for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers.add(
          name: String(line[..<colon]),
          value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
      }
      let length = headers["Content-Length"].flatMap { Int($0) } ?? 0
      while buffer.count < headLength + length {
        let more = LoopbackSocket.readSome(descriptor)
        guard !more.isEmpty else { return nil }
        buffer += more
      }
      let body = Array(buffer[headLength..<headLength + length])
      buffer.removeFirst(headLength + length)
      return ReceivedRequest(
        connection: connection,
        method: requestLine.count > 0 ? requestLine[0] : "",
        target: requestLine.count > 1 ? requestLine[1] : "",
        version: requestLine.count > 2 ? requestLine[2] : "",
        headers: headers, body: body, head: head, isHTTP: true)
    }
  }
}
