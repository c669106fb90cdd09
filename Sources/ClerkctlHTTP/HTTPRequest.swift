/// One HTTP request, as a value: build it, change fields, hand it to an `HTTPClient`.
@usableFromInline
package struct HTTPRequest: Sendable, Equatable {
  /// The method, upper case (`GET`, `POST`, …).
  package var method: String
  /// The absolute URL, query included.
  package var url: String
  package var headers: HTTPHeaders
  /// The body bytes; empty for none.
  package var body: [UInt8]
  /// Seconds allowed to connect (TCP and TLS).
  package var connectTimeout: Double
  /// Seconds allowed for the whole exchange.
  package var timeout: Double
  /// The largest response body accepted; more is `HTTPError.Kind.responseTooLarge`.
  package var maxResponseBytes: Int

  /// Seconds a request may take unless the caller says otherwise: the one default for every
  /// request timeout (the library's public requests and the command line's included).
  @usableFromInline
  package static let defaultTimeout: Double = 15

  /// The cap on response bodies unless a request says otherwise: 1 MiB.
  package static let defaultMaxResponseBytes = 1 << 20

  package init(
    method: String = "GET",
    url: String,
    headers: HTTPHeaders = [:],
    body: [UInt8] = [],
    connectTimeout: Double = 5,
    timeout: Double = HTTPRequest.defaultTimeout,
    maxResponseBytes: Int = HTTPRequest.defaultMaxResponseBytes
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.connectTimeout = connectTimeout
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
  }
}
