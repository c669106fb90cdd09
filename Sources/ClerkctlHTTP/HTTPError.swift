/// Why an HTTP exchange did not produce a usable response.
///
/// One error type for the HTTP layer. `description` is a single line for the user: what happened,
/// where, and what to try. Callers branch on `kind`; `isConfigurationError` separates requests that
/// were refused before any I/O (a bad or insecure URL, an unsendable request) from network
/// failures.
package struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The class of failure.
  package enum Kind: Equatable, Sendable {
    /// The URL is not an absolute `http`/`https` URL.
    case invalidURL
    /// Plain `http` to a host that is not loopback; only `https` may leave the machine.
    case insecureURL
    /// The request cannot be sent as built (a header with CR/LF, a bad method); nothing was sent.
    case invalidRequest
    /// The host name did not resolve.
    case dns
    /// No TCP connection could be made.
    case connect
    /// The connect or total timeout ran out.
    case timeout
    /// The TLS handshake or certificate verification failed.
    case tls
    /// The configured CA bundle (`CurlConfiguration.caBundlePath`) is missing, unreadable or not PEM.
    case caBundleUnusable
    /// The response body exceeded `HTTPRequest.maxResponseBytes`.
    case responseTooLarge
    /// The server answered with a 3xx status; redirects are never followed. `location` is the
    /// target (resolved against the request URL when possible; empty when the server sent none).
    case redirect(location: String)
    /// The response was not valid HTTP, was empty, or was cut short.
    case malformed
    /// Any other transport failure.
    case transport
  }

  /// The class of failure.
  package var kind: Kind
  /// The request URL, exactly as given (it may carry secrets in its query; `message` never
  /// includes the query, fragment or user info).
  package var url: String
  /// The one-line, user-facing message: what happened and, unless `remedy` says it, what to do.
  package var message: String
  /// What the caller can change to fix it, when that is a setting of the caller's (a tool words
  /// it with its own option names); `nil` when `message` already says what to do.
  package var remedy: Remedy?

  /// A remedy that lies in the caller's settings.
  package enum Remedy: Equatable, Sendable {
    /// Allow more time per request.
    case moreTime
    /// Point the CA bundle at a readable PEM file.
    case caBundle
    /// Trust the server's CA (add it to the CA bundle).
    case trustCA

    /// The remedy in words that name no tool's options.
    package var neutral: String {
      switch self {
      case .moreTime: "check your network, or allow more time per request"
      case .caBundle: "fix the CA bundle setting"
      case .trustCA:
        "check that the server speaks https with a valid certificate, or trust its CA"
      }
    }
  }

  /// Creates an error; `message` should already say what happened and, without a `remedy`,
  /// what to do.
  package init(_ kind: Kind, url: String, message: String, remedy: Remedy? = nil) {
    self.kind = kind
    self.url = url
    self.message = message
    self.remedy = remedy
  }

  package var description: String { message + (remedy.map { "; " + $0.neutral } ?? "") }

  /// Whether the failure comes from how the request or client was configured (bad or insecure
  /// URL, unsendable request, unusable CA bundle) rather than from the network or the server.
  package var isConfigurationError: Bool {
    switch kind {
    case .invalidURL, .insecureURL, .invalidRequest, .caBundleUnusable: true
    default: false
    }
  }
}
