import Foundation

/// Name/value pairs from a query string or an `application/x-www-form-urlencoded` body.
///
/// `+` is a space and `%XX` escapes are decoded; repeated names keep every value in order.
struct FormData: Sendable, Equatable {
  private(set) var pairs: [(name: String, value: String)]

  init(pairs: [(name: String, value: String)] = []) { self.pairs = pairs }

  /// Parses `a=1&b=two+words&c=%2F`.
  init(encoded text: String) {
    pairs = text.split(separator: "&", omittingEmptySubsequences: true).map { part in
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(String(pieces[0]))
      let value = pieces.count > 1 ? Self.decode(String(pieces[1])) : ""
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
    var bytes: [UInt8] = []
    let source = Array(text.utf8)
    var index = 0
    while index < source.count {
      let byte = source[index]
      if byte == UInt8(ascii: "+"), plusIsSpace {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), index + 2 < source.count,
        let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 2
      } else {
        bytes.append(byte)
      }
      index += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  static func == (lhs: FormData, rhs: FormData) -> Bool {
    lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
  }
}
