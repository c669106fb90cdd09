/// An absolute `scheme://authority/path?query#fragment` URL split into its parts (RFC 3986),
/// for checking configured base URLs.
///
/// Used instead of FoundationEssentials' `URLComponents`, whose parser links a large part of
/// FoundationEssentials into clerkctl and costs every start (a cached token) memory and time.
/// Only ASCII URLs without spaces or characters RFC 3986 never allows are accepted.
package struct AbsoluteURL: Equatable, Sendable {
  /// The scheme as written (`https`).
  package var scheme: String
  /// The user information before `@` in the authority, `nil` when there is none.
  package var userInfo: String?
  /// The host, brackets kept off an IPv6 literal; empty when the URL has none.
  package var host: String
  /// The port digits after the host, `nil` when none is written.
  package var port: String?
  /// The path, `""` or starting with `/`.
  package var path: String
  /// The query after `?`, `nil` without a `?`.
  package var query: String?
  /// The fragment after `#`, `nil` without a `#`.
  package var fragment: String?

  /// Splits `text`; `nil` when it is not an absolute URL with an authority (`scheme://…`).
  package init?(_ text: String) {
    guard text.unicodeScalars.allSatisfy(Self.isAllowed),
      let colon = text.firstIndex(of: ":"),
      Self.isScheme(text[..<colon])
    else { return nil }
    scheme = String(text[..<colon])
    var rest = text[text.index(after: colon)...]
    guard rest.hasPrefix("//") else { return nil }
    rest = rest.dropFirst(2)
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    path = String(rest[slash...])
    var authority = rest[..<slash]
    if let at = authority.lastIndex(of: "@") {
      userInfo = String(authority[..<at])
      authority = authority[authority.index(after: at)...]
    }
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      host = String(authority[authority.index(after: authority.startIndex)..<close])
      authority = authority[authority.index(after: close)...]
      guard authority.isEmpty || authority.hasPrefix(":") else { return nil }
    } else {
      let end = authority.firstIndex(of: ":") ?? authority.endIndex
      host = String(authority[..<end])
      authority = authority[end...]
    }
    if authority.hasPrefix(":") {
      let digits = authority.dropFirst()
      guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
      port = digits.isEmpty ? nil : String(digits)
    }
  }

  /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
    return text.unicodeScalars.allSatisfy {
      isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
    }
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// Printable ASCII that RFC 3986 allows somewhere in a URL (unreserved, reserved and `%`).
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value > 0x20, scalar.value < 0x7f else { return false }
    return !"\"<>\\^`{|}".unicodeScalars.contains(scalar)
  }
}
