import ClerkctlCore

/// Byte classes and small helpers from the HTTP/1.1 grammar (RFC 9110, RFC 9112).
enum HTTPSyntax {
  static let cr: UInt8 = 13
  static let lf: UInt8 = 10
  static let space: UInt8 = 32
  static let tab: UInt8 = 9
  static let colon: UInt8 = 58

  /// `tchar`: the characters of a token (method, field name).
  static func isTokenChar(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
      UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
      UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// A visible ASCII character (`VCHAR`).
  static func isVisible(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) }

  /// A byte allowed inside a field value: `VCHAR`, `obs-text`, space or tab.
  static func isFieldValueByte(_ byte: UInt8) -> Bool {
    byte == space || byte == tab || isVisible(byte) || byte >= 0x80
  }

  /// Whether `name` is a non-empty token.
  static func isToken<S: Sequence<UInt8>>(_ name: S) -> Bool {
    var empty = true
    for byte in name {
      guard isTokenChar(byte) else { return false }
      empty = false
    }
    return !empty
  }

  /// `bytes` without leading and trailing spaces and tabs.
  static func trimmingWhitespace(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, bytes[start] == space || bytes[start] == tab { start += 1 }
    while end > start, bytes[end - 1] == space || bytes[end - 1] == tab { end -= 1 }
    return bytes[start..<end]
  }

  /// Parses a `field-name: OWS field-value OWS` line, or `nil` if it is malformed.
  static func parseField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
    guard let colonIndex = line.firstIndex(of: colon), colonIndex > line.startIndex else {
      return nil
    }
    let name = line[line.startIndex..<colonIndex]
    guard isToken(name) else { return nil }
    var start = colonIndex + 1
    var end = line.endIndex
    while start < end, line[start] == space || line[start] == tab { start += 1 }
    while end > start, line[end - 1] == space || line[end - 1] == tab { end -= 1 }
    let value = line[start..<end]
    guard value.allSatisfy(isFieldValueByte) else { return nil }
    return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
  }

  /// The comma-separated elements of every value, trimmed, lower-cased, empty ones dropped.
  static func listElements(_ values: [String]) -> [String] {
    values.flatMap { value in
      value.split(separator: ",", omittingEmptySubsequences: true).compactMap { element in
        let trimmed = element.trimmingWhitespace().lowercased()
        return trimmed.isEmpty ? nil : trimmed
      }
    }
  }
}

extension Substring {
  /// The substring without leading and trailing spaces and tabs.
  fileprivate func trimmingWhitespace() -> Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
    while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
    return result
  }
}
