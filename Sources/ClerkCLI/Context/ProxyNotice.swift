import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// Says on stderr, once per host, when a request carrying a credential (an `Authorization`
/// header) goes through a proxy: the proxy sees where it goes, and with an extra CA bundle it
/// could be the other end of the TLS connection.
///
/// The proxy is found as libcurl finds it for an `https` URL: `https_proxy`, `HTTPS_PROXY`,
/// then `all_proxy`, `ALL_PROXY`; a host `no_proxy`/`NO_PROXY` names, and every loopback host
/// (the transport reaches those directly), goes without one.
package struct ProxyNotice: Sendable {
  /// The process environment.
  let environment: [String: String]
  /// Writes one line (with its newline) to stderr.
  let write: @Sendable (String) -> Void
  private let noted = Lock<Set<String>>([])

  package init(environment: [String: String], write: @escaping @Sendable (String) -> Void) {
    self.environment = environment
    self.write = write
  }

  /// The proxy `url` would go through and the variable naming it, or `nil` for none.
  package func proxy(for url: String) -> (url: String, variable: String)? {
    guard url.lowercased().hasPrefix("https://"), let host = URLParts.host(of: url),
      !LoopbackHost.isLoopback(host)
    else { return nil }
    let variable = ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"].first {
      !(environment[$0] ?? "").isEmpty
    }
    guard let variable, let proxy = environment[variable], !isExcluded(host) else { return nil }
    return (proxy, variable)
  }

  /// Whether `no_proxy` (else `NO_PROXY`) exempts `host`: `*`, the host itself, or a domain it
  /// is in (`example.com` and `.example.com` both cover `api.example.com`).
  private func isExcluded(_ host: String) -> Bool {
    let list = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
    let name = host.lowercased()
    for entry in list.split(separator: ",") {
      var pattern = entry.filter { $0 != " " && $0 != "\t" }.lowercased()
      if pattern == "*" { return true }
      if pattern.hasPrefix(".") { pattern.removeFirst() }
      if pattern.isEmpty { continue }
      if name == pattern || name.hasSuffix("." + pattern) { return true }
    }
    return false
  }

  /// The proxy setting without user info (`user:password@` may be written with or without a
  /// scheme).
  static func shown(_ proxy: String) -> String {
    guard !proxy.contains("://") else { return Redaction.url(proxy) }
    guard let at = proxy.lastIndex(of: "@") else { return proxy }
    return String(proxy[proxy.index(after: at)...])
  }

  /// `client`, noting each credential-carrying request that goes through a proxy.
  package func wrapping(_ client: HTTPClient) -> HTTPClient {
    HTTPClient { [self] request in
      if request.headers.contains("Authorization"), let (proxy, variable) = proxy(for: request.url),
        let host = URLParts.authority(of: request.url),
        noted.withLock({ $0.insert(host).inserted })
      {
        write(
          "clerkctl: note: the credential for \(host) goes through the proxy "
            + "\(Self.shown(proxy)) (from \(variable)); TLS to \(host) is verified with "
            + "the trust the profile was created with\n")
      }
      return try client.send(request)
    }
  }
}
