import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer

/// Who may use the test surface (`/__emulator/*`): a loopback peer that names a loopback
/// `Host` (a DNS-rebinding page names its own; a request with none is refused too), and, for a `POST`, an `application/json` body
/// (a cross-site form cannot send one, and a script cannot without a preflight).
extension TestSurfaceHandler {
  /// Why `request` may not use the test surface, or `nil` when it may.
  static func testSurfaceRefusal(_ request: HTTPServerRequest) -> String? {
    guard Emulator.isLoopback(request.remoteAddress) else {
      return "The test surface only answers loopback clients."
    }
    guard let host = request.headers["Host"], LoopbackHost.isLoopback(hostName(host)) else {
      return "The test surface only answers requests to a loopback Host."
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
