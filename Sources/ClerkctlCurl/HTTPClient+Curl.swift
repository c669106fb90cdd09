import ClerkctlHTTP

extension HTTPClient {
  /// The live client: HTTP/1.1 and TLS through libcurl.
  ///
  /// Validates every request before any I/O (absolute `https` URL, or `http` to a loopback
  /// host only; header values without line breaks), verifies TLS peers always, never follows
  /// redirects (a 3xx is thrown as `HTTPError.Kind.redirect`), caps response bodies at
  /// `HTTPRequest.maxResponseBytes`, and reuses connections across calls on this client.
  /// Safe to call from many threads at once.
  ///
  /// - Parameter configuration: CA bundle, User-Agent and pool size.
  /// - Returns: a client whose `send` throws `HTTPError`.
  package static func curl(_ configuration: CurlConfiguration = .init()) -> HTTPClient {
    let transport = CurlTransport(configuration: configuration)
    return HTTPClient { request in try transport.send(request) }
  }
}
