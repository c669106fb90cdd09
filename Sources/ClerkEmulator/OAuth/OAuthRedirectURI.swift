import Foundation

/// Redirect URI rules of the authorization endpoint: an exact match with a registered URI,
/// except that a loopback `http` URI (`127.0.0.1`, `[::1]`, `localhost`) matches on any port,
/// as RFC 8252 §7.3 asks of servers for native apps (Clerk's CLI relies on it).
enum OAuthRedirectURI {
  /// Whether `uri` is absolute: a scheme, and a host for `http`/`https`; no fragment.
  static func isAbsolute(_ uri: String) -> Bool {
    guard let parts = URLComponents(string: uri), let scheme = parts.scheme, !scheme.isEmpty,
      parts.fragment == nil
    else { return false }
    if ["http", "https"].contains(scheme.lowercased()) {
      return !(parts.host ?? "").isEmpty
    }
    return true
  }

  /// Whether the requested `uri` matches the `registered` one.
  static func matches(registered: String, requested uri: String) -> Bool {
    if registered == uri { return true }
    guard let want = URLComponents(string: registered), let have = URLComponents(string: uri),
      want.scheme?.lowercased() == "http", have.scheme?.lowercased() == "http",
      let host = want.host, isLoopback(host), have.host == host, have.fragment == nil
    else { return false }
    let path = { (parts: URLComponents) in
      parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
    }
    return path(want) == path(have) && want.percentEncodedQuery == have.percentEncodedQuery
      && want.user == nil && have.user == nil
  }

  /// Whether `uri` matches any of the `registered` ones.
  static func isRegistered(_ uri: String, in registered: [String]) -> Bool {
    registered.contains { matches(registered: $0, requested: uri) }
  }

  /// Whether a host names the loopback interface.
  static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased()
    return host == "127.0.0.1" || host == "[::1]" || host == "::1" || host == "localhost"
  }
}
