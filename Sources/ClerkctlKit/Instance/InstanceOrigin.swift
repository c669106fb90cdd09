/// The origin of a Frontend API URL — scheme, host and port — the unit a profile's credential
/// is bound to. Two URLs with the same origin reach the same server; paths do not matter.
package struct InstanceOrigin: Sendable, Equatable, CustomStringConvertible {
  /// `https` or `http`, lower case.
  package let scheme: String
  /// The host, lower case (IPv6 addresses in brackets).
  package let host: String
  /// The port, explicit or the scheme's default (443, 80).
  package let port: Int

  /// The origin of an absolute `scheme://host[:port][/path]` URL; `nil` when `url` is not one.
  package init?(url: String) {
    guard let schemeEnd = url.firstRange(of: "://") else { return nil }
    let scheme = url[..<schemeEnd.lowerBound].lowercased()
    let defaultPort: Int
    switch scheme {
    case "https": defaultPort = 443
    case "http": defaultPort = 80
    default: return nil
    }
    var authority = url[schemeEnd.upperBound...]
    if let end = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
      authority = authority[..<end]
    }
    guard !authority.contains("@") else { return nil }
    var host: Substring
    var portText: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      host = authority[...close]
      let rest = authority[authority.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { return nil }
        portText = rest.dropFirst()
      }
    } else if let colon = authority.firstIndex(of: ":") {
      host = authority[..<colon]
      portText = authority[authority.index(after: colon)...]
    } else {
      host = authority
    }
    guard !host.isEmpty else { return nil }
    var port = defaultPort
    if let portText, !portText.isEmpty {
      guard portText.allSatisfy(\.isASCII), let value = Int(portText), (1...65535).contains(value)
      else { return nil }
      port = value
    }
    self.scheme = scheme
    self.host = host.lowercased()
    self.port = port
  }

  /// `scheme://host`, with `:port` when it is not the scheme's default.
  package var description: String {
    let isDefault = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
    return scheme + "://" + host + (isDefault ? "" : ":\(port)")
  }
}
