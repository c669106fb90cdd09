import FoundationEssentials

/// Small, allocation-light pieces of URL handling that don't need Foundation's `URL`.
package enum URLParts {
  /// The host of an absolute `scheme://host[:port]/…` URL (brackets kept off IPv6 hosts).
  package static func host(of url: String) -> String? {
    guard let schemeEnd = url.firstRange(of: "://") else { return nil }
    var rest = url[schemeEnd.upperBound...]
    if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
      rest = rest[..<end]
    }
    if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else { return nil }
      return String(rest[rest.index(after: rest.startIndex)..<close])
    }
    if let colon = rest.firstIndex(of: ":") { rest = rest[..<colon] }
    return rest.isEmpty ? nil : String(rest)
  }

  /// `host[:port]` of an absolute URL, as written (brackets kept on IPv6 hosts, user info
  /// dropped): what a person reads to tell two local instances apart.
  package static func authority(of url: String) -> String? {
    guard let schemeEnd = url.firstRange(of: "://") else { return nil }
    var rest = url[schemeEnd.upperBound...]
    if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
      rest = rest[..<end]
    }
    if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    return rest.isEmpty ? nil : String(rest)
  }
}
