/// `application/x-www-form-urlencoded` as Clerk's Frontend API expects it: snake_case keys in
/// the order given, repeated keys for arrays, UTF-8 percent-encoding of everything but the
/// unreserved characters.
package enum FormEncoding {
  /// Encodes the fields in order.
  package static func encode(_ fields: [(String, String)]) -> String {
    fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
  }

  /// Percent-encodes one key or value (space as `%20`, which every decoder accepts).
  package static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        out.unicodeScalars.append("%")
        out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0x0F)]))
      }
    }
    return out
  }

  /// Decodes a form body or query string into its fields, in order (`+` is a space).
  /// Malformed escapes are kept literally, as browsers do.
  package static func decode(_ text: String) -> [(String, String)] {
    guard !text.isEmpty else { return [] }
    return text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = unescape(String(parts[0]))
      let value = parts.count > 1 ? unescape(String(parts[1])) : ""
      return (key, value)
    }
  }

  /// Reverses `escape`, also reading `+` as a space unless `plusIsSpace` is false (URL paths).
  package static func unescape(_ text: String, plusIsSpace: Bool = true) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
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
}
