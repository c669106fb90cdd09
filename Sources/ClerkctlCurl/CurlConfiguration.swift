import ClerkctlCore

/// Settings for the libcurl-backed `HTTPClient` (`HTTPClient.curl(_:)`).
package struct CurlConfiguration: Sendable, Equatable {
  /// A PEM file of extra CA certificates to trust (the caller's own setting; libcurl itself does
  /// not read `SSL_CERT_FILE`, and a caller should not take it from the environment unchecked).
  ///
  /// It is given to libcurl as `CURLOPT_CAINFO`, which replaces libcurl's built-in CA *file*.
  /// The system CA *directory* (`CURLOPT_CAPATH`, built into Debian's libcurl as
  /// `/etc/ssl/certs`) stays in use, so on such builds the bundle adds to the system CAs rather
  /// than replacing them. On a libcurl built without a CA directory, only this bundle is trusted.
  /// A path that is not a readable file fails every `https` request with
  /// `HTTPError.Kind.caBundleUnusable` before any connection is made.
  package var caBundlePath: String?
  /// The `User-Agent` sent when a request does not set its own.
  package var userAgent: String
  /// How many idle easy handles (each with its open connections) are kept for reuse.
  package var maxIdleHandles: Int

  /// The default `User-Agent`: the library's own; an application sets its own.
  package static let defaultUserAgent = "ClerkctlKit/\(ClerkVersion.current)"

  /// Creates a configuration; every field has a default.
  package init(
    caBundlePath: String? = nil,
    userAgent: String = CurlConfiguration.defaultUserAgent,
    maxIdleHandles: Int = 4
  ) {
    self.caBundlePath = caBundlePath
    self.userAgent = userAgent
    self.maxIdleHandles = maxIdleHandles
  }
}
