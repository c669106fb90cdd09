import FoundationEssentials

extension AuthenticatedRequestSender {
  /// One HTTP request to send with a token.
  public struct Request: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The absolute URL (`https://`, or `http://` for loopback hosts).
    public var url: String
    /// Header fields in order; an `Authorization` field is replaced.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]
    /// Seconds the whole exchange may take.
    public var timeout: TimeInterval
    /// The largest response body accepted, bytes.
    public var maxResponseBytes: Int

    /// Seconds a request may take when it says nothing else (15).
    public static let defaultTimeout: TimeInterval = 15

    /// A request; only `url` is required.
    public init(
      method: String = "GET", url: String, headers: [(name: String, value: String)] = [],
      body: [UInt8] = [], timeout: TimeInterval = Request.defaultTimeout,
      maxResponseBytes: Int = 1 << 20
    ) {
      self.method = method
      self.url = url
      self.headers = headers
      self.body = body
      self.timeout = timeout
      self.maxResponseBytes = maxResponseBytes
    }

    /// A request with a JSON (or other text) body and its `Content-Type`.
    public init(
      method: String, url: String, text: String, contentType: String = "application/json"
    ) {
      self.init(
        method: method, url: url, headers: [("Content-Type", contentType)],
        body: Array(text.utf8))
    }
  }

  /// What the server answered.
  public struct Response: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]

    /// A response (tests, stubs).
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
      self.status = status
      self.headers = headers
      self.body = body
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The first value of the header `name` (any case).
    public func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }
}
