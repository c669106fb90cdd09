import ClerkctlHTTP

/// An incremental HTTP/1.1 request parser: a value with no I/O, safe to feed any bytes.
///
/// Call `parse(_:)` with everything received on a connection that has not been consumed yet.
/// Between calls the caller may only append bytes to that buffer; the parser remembers how far
/// it scanned, so dribbled input costs linear time. On `.request(_, consumed:)` the caller drops
/// `consumed` bytes from the front (what follows is the next pipelined request) and the parser is
/// ready for the next request. After `.failure` the parser keeps answering the same failure: the
/// server writes that status and closes the connection.
///
/// What it accepts: a request line `METHOD SP target SP HTTP/1.1|HTTP/1.0` (method an upper-case
/// token; target in origin-form, absolute-form — rewritten to origin-form — or `*` for
/// `OPTIONS`), header fields without obsolete line folding, a body framed by a single
/// `Content-Length` or by `Transfer-Encoding: chunked` (extensions and trailers allowed, trailers
/// discarded). Lines end in CRLF; a bare CR or LF is an error. Empty lines before the request
/// line are skipped.
package struct HTTPRequestParser: Sendable {
  /// What one call to `parse(_:)` found.
  package enum Result: Sendable, Equatable {
    /// The buffer holds a valid prefix of a request: read more.
    case needMore
    /// A complete request, taking the first `consumed` bytes of the buffer.
    case request(HTTPServerRequest, consumed: Int)
    /// The bytes are not an acceptable request: answer `status` and close.
    case failure(status: Int, reason: String)
  }

  /// The largest request head (request line, header fields and the blank line) accepted;
  /// more is a 431.
  package let maxHeaderBytes: Int
  /// The largest (de-chunked) body accepted; more is a 413.
  package let maxBodyBytes: Int

  /// Whether the last request returned asked to keep the connection open: HTTP/1.1 unless
  /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`.
  package private(set) var lastRequestKeepsAlive = true

  /// Set when a head with `Expect: 100-continue` was read and its body has not arrived yet.
  package private(set) var continuePending = false

  var stage: Stage = .head(HeadScan())

  /// - Parameters:
  ///   - maxHeaderBytes: the cap on the request head (431 beyond it).
  ///   - maxBodyBytes: the cap on the body (413 beyond it).
  package init(maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20) {
    self.maxHeaderBytes = max(maxHeaderBytes, 16)
    self.maxBodyBytes = max(maxBodyBytes, 0)
  }

  /// Parses as far as `buffer` allows.
  ///
  /// - Parameter buffer: the unconsumed bytes of the connection; only ever appended to between
  ///   calls until a request or failure is returned.
  /// - Returns: `.needMore`, a complete request and how many bytes it used, or a failure status.
  package mutating func parse(_ buffer: [UInt8]) -> Result {
    if stage.position > buffer.count { stage = .head(HeadScan()) }
    switch stage {
    case .failed(let status, let reason):
      return .failure(status: status, reason: reason)
    case .head(var scan):
      switch scanHead(buffer, &scan) {
      case .needMore:
        stage = .head(scan)
        return .needMore
      case .failure(let status, let reason):
        return fail(status, reason)
      case .complete:
        let headEnd = scan.position
        switch parseHead(buffer, from: scan.headStart, to: headEnd) {
        case .failure(let status, let reason):
          return fail(status, reason)
        case .head(let head):
          continuePending = head.expectsContinue && head.framing != .length(0)
          switch head.framing {
          case .none:
            continuePending = false
            stage = .fixedBody(head, start: headEnd, length: 0)
          case .length(let length):
            stage = .fixedBody(head, start: headEnd, length: length)
          case .chunked:
            stage = .chunked(head, ChunkedState(position: headEnd))
          }
          return parse(buffer)
        }
      }
    case .fixedBody(let head, let start, let length):
      guard buffer.count - start >= length else { return .needMore }
      return finish(head, body: Array(buffer[start..<(start + length)]), end: start + length)
    case .chunked(let head, var state):
      switch parseChunks(buffer, &state) {
      case .needMore:
        stage = .chunked(head, state)
        return .needMore
      case .failure(let status, let reason):
        return fail(status, reason)
      case .complete:
        return finish(head, body: state.body, end: state.position)
      }
    }
  }

  /// Parses one request held entirely in `bytes`, with fresh state: a convenience for tests and
  /// fuzzing.
  package static func parse(
    _ bytes: [UInt8], maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20
  ) -> Result {
    var parser = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    return parser.parse(bytes)
  }

  /// Returns whether an interim `100 Continue` should be sent now, at most once per request.
  package mutating func takeContinue() -> Bool {
    defer { continuePending = false }
    return continuePending
  }

  private mutating func fail(_ status: Int, _ reason: String) -> Result {
    continuePending = false
    stage = .failed(status: status, reason: reason)
    return .failure(status: status, reason: reason)
  }

  private mutating func finish(_ head: Head, body: [UInt8], end: Int) -> Result {
    stage = .head(HeadScan())
    continuePending = false
    lastRequestKeepsAlive = head.keepAlive
    let request = HTTPServerRequest(
      method: head.method, target: head.target, headers: head.headers, body: body)
    return .request(request, consumed: end)
  }
}

extension HTTPRequestParser {
  /// Where the parser is within the current request.
  enum Stage: Sendable {
    case head(HeadScan)
    case fixedBody(Head, start: Int, length: Int)
    case chunked(Head, ChunkedState)
    case failed(status: Int, reason: String)

    /// How far into the buffer this stage has already looked.
    var position: Int {
      switch self {
      case .head(let scan): scan.position
      case .fixedBody(_, let start, _): start
      case .chunked(_, let state): state.position
      case .failed: 0
      }
    }
  }

  /// The parsed request line and header fields.
  struct Head: Sendable {
    var method: String
    var target: String
    var headers: HTTPHeaders
    var keepAlive: Bool
    var framing: Framing
    var expectsContinue: Bool
  }

  /// How the body is delimited.
  enum Framing: Sendable, Equatable {
    case none
    case length(Int)
    case chunked
  }

  /// The incremental scan for the end of the request head.
  struct HeadScan: Sendable {
    /// The next byte to look at.
    var position = 0
    /// Where the request line starts (after skipped empty lines).
    var headStart = 0
    var inRequestLine = true
    /// Spaces seen so far in the request line.
    var spaces = 0
    /// Bytes since the start of the current line.
    var lineLength = 0
  }

  /// The decoding state of a chunked body.
  struct ChunkedState: Sendable {
    enum Phase: Sendable {
      case sizeLine
      case data(remaining: Int)
      case dataEnd
      case trailers
    }

    var position: Int
    var body: [UInt8] = []
    var phase: Phase = .sizeLine
    /// Bytes of framing (size lines, CRLFs, trailers) seen so far.
    var framingBytes = 0

    init(position: Int) { self.position = position }
  }

  /// The outcome of one step of scanning or decoding.
  enum Step: Sendable, Equatable {
    case needMore
    case failure(status: Int, reason: String)
    case complete
  }
}
