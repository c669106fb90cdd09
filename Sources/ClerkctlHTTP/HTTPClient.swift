/// Sends HTTP requests. A struct of closures, so tests swap the endpoint they need.
///
/// The live value (`HTTPClient.curl(...)`) speaks HTTP/1.1 and TLS through libcurl.
package struct HTTPClient: Sendable {
  /// Performs one exchange. Every complete response with a 1xx, 2xx, 4xx or 5xx status is
  /// returned. Redirects are never followed: a 3xx is thrown as `HTTPError.Kind.redirect`, naming
  /// the Location target. Anything that is not a complete response throws `HTTPError`.
  package var send: @Sendable (HTTPRequest) throws -> HTTPResponse

  package init(send: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
    self.send = send
  }
}
