import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer

/// Who may use the test surface (`/__emulator/*`): a loopback peer that names a loopback
/// `Host` (a DNS-rebinding page names its own; a request with none is refused too), that
/// presents the run's test token (the ready line's `test_token`, in `X-Emulator-Token` or as
/// `Authorization: Bearer`; another local process cannot read it), and, for a `POST`, an
/// `application/json` body (a cross-site form cannot send one, and a script cannot without a
/// preflight). The fake provider page a browser is sent to (`GET /__emulator/oauth/authorize`)
/// needs no token: its `state` is the sign-in's own.
extension TestSurfaceHandler {
  /// The header that carries the test token.
  static let tokenHeader = "X-Emulator-Token"

  /// Why `request` may not use the test surface, or `nil` when it may.
  static func testSurfaceRefusal(_ request: HTTPServerRequest, token: String) -> String? {
    guard Emulator.isLoopback(request.remoteAddress) else {
      return "The test surface only answers loopback clients."
    }
    guard let host = request.headers["Host"], LoopbackHost.isLoopback(hostName(host)) else {
      return "The test surface only answers requests to a loopback Host."
    }
    if !isBrowserPage(request) {
      guard let presented = presentedToken(request), ConstantTime.equals(presented, token)
      else {
        return "The test surface needs the run's test_token (from the ready line) in an "
          + "\(tokenHeader) header."
      }
    }
    if request.method == "POST" {
      let type = request.headers["Content-Type"] ?? ""
      let mediaType = type.split(separator: ";", maxSplits: 1).first.map {
        $0.trimmingWhitespace().lowercased()
      }
      guard mediaType == "application/json" else {
        return "A POST to the test surface must be application/json."
      }
    }
    return nil
  }

  /// Whether `request` is for the fake provider page a browser opens (no token there).
  private static func isBrowserPage(_ request: HTTPServerRequest) -> Bool {
    request.method == "GET" && request.path == "/__emulator/oauth/authorize"
  }

  /// The token in `X-Emulator-Token`, else in `Authorization: Bearer`.
  private static func presentedToken(_ request: HTTPServerRequest) -> String? {
    if let value = request.headers[tokenHeader] { return value.trimmingWhitespace() }
    guard let authorization = request.headers["Authorization"],
      authorization.lowercased().hasPrefix("bearer ")
    else { return nil }
    return String(authorization.dropFirst(7)).trimmingWhitespace()
  }

  /// The host of a `Host` header value: without its port, brackets kept around IPv6.
  private static func hostName(_ value: String) -> String {
    let host = value.trimmingWhitespace()
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return host }
      return String(host[...close])
    }
    return String(host.split(separator: ":", maxSplits: 1).first ?? "")
  }
}
