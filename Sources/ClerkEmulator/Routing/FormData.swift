import ClerkctlCore
import Foundation

/// Name/value pairs from a query string or an `application/x-www-form-urlencoded` body.
///
/// `+` is a space and `%XX` escapes are decoded; repeated names keep every value in order.
struct FormData: Sendable, Equatable {
  private(set) var pairs: [(name: String, value: String)]

  init(pairs: [(name: String, value: String)] = []) { self.pairs = pairs }

  /// Parses `a=1&b=two+words&c=%2F`. Split as bytes (`&` and `=` are ASCII), not by
  /// Characters: grapheme breaking was most of a request's parsing.
  init(encoded text: String) {
    pairs = text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map {
      part in
      let pieces = part.split(
        separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(String(Substring(pieces[0])))
      let value = pieces.count > 1 ? Self.decode(String(Substring(pieces[1]))) : ""
      return (name: name, value: value)
    }
  }

  /// The first value for `name`.
  subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

  /// The first non-empty value for `name`.
  func nonEmpty(_ name: String) -> String? {
    guard let value = self[name], !value.isEmpty else { return nil }
    return value
  }

  /// Every value for `name`.
  func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

  /// Percent-decodes `text`, with `+` as a space; invalid escapes stay as they are.
  static func decode(_ text: String, plusIsSpace: Bool = true) -> String {
    FormEncoding.unescape(text, plusIsSpace: plusIsSpace)
  }

  static func == (lhs: FormData, rhs: FormData) -> Bool {
    lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
  }
}
