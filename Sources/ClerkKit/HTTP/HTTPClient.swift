/// Sends HTTP requests. A struct of closures, so tests swap the endpoint they need.
///
/// The live value (`HTTPClient.curl(...)`) speaks HTTP/1.1 and TLS through libcurl.
package struct HTTPClient: Sendable {
  /// Performs one exchange. Throws `HTTPError` for anything that is not a complete response;
  /// every complete response, whatever its status, is returned (3xx included: never followed).
  package var send: @Sendable (HTTPRequest) throws -> HTTPResponse

  package init(send: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
    self.send = send
  }
}
