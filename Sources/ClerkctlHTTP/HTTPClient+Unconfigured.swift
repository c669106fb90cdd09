import ClerkctlCore

extension HTTPClient {
  /// A client that sends nothing: every request fails with a configuration error. The default
  /// of seams that must be given a transport, so a test never reaches the network by accident.
  package static let unconfigured = HTTPClient { request in
    throw HTTPError(
      .invalidRequest, url: request.url,
      message:
        "no HTTP client configured: \(request.method) \(Redaction.endpoint(request.url)) was not sent"
    )
  }
}
