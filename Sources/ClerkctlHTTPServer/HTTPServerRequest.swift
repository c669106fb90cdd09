import ClerkctlHTTP

/// A request as the HTTP/1.1 server parsed it, handed to a handler.
package struct HTTPServerRequest: Sendable, Equatable {
  /// The method as sent (upper case for any valid request).
  package var method: String
  /// The request target as sent: path plus optional `?query`.
  package var target: String
  package var headers: HTTPHeaders
  /// The body, de-chunked.
  package var body: [UInt8]
  /// The peer's address, e.g. `127.0.0.1`.
  package var remoteAddress: String

  package init(
    method: String, target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    remoteAddress: String = "127.0.0.1"
  ) {
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
    self.remoteAddress = remoteAddress
  }

  /// The path part of the target, percent-encoding left as sent.
  package var path: String {
    if let mark = queryMark { return String(target[..<mark]) }
    return target
  }

  /// The raw query string after `?`, or empty.
  package var query: String {
    if let mark = queryMark { return String(target[target.utf8.index(after: mark)...]) }
    return ""
  }

  /// Where the `?` is: searched as a byte, not by Characters (grapheme breaking made each
  /// lookup cost more than parsing the request line).
  private var queryMark: String.Index? { target.utf8.firstIndex(of: UInt8(ascii: "?")) }
}
