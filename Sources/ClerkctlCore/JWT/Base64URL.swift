/// Base64url without padding (RFC 4648 §5, as JOSE uses it, RFC 7515 §2).
package enum Base64URL {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// `bytes` as base64url, with no `=` padding.
  package static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let group =
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      for shift in [18, 12, 6, 0] { output.append(alphabet[Int((group >> UInt32(shift)) & 63)]) }
      index += 3
    }
    switch bytes.count - index {
    case 1:
      let group = UInt32(bytes[index]) << 16
      for shift in [18, 12] { output.append(alphabet[Int((group >> UInt32(shift)) & 63)]) }
    case 2:
      let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
      for shift in [18, 12, 6] { output.append(alphabet[Int((group >> UInt32(shift)) & 63)]) }
    default:
      break
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes `text` encodes, or `nil` unless it is canonical unpadded base64url.
  ///
  /// Strict, as signatures demand: padding, whitespace, the `+`/`/` alphabet, lengths no encoder
  /// produces (4n+1) and non-zero leftover bits are all refused.
  package static func decode(_ text: String) -> [UInt8]? {
    let symbols = Array(text.utf8)
    let remainder = symbols.count % 4
    guard remainder != 1 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(symbols.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for symbol in symbols {
      guard let value = value(of: symbol) else { return nil }
      buffer = (buffer << 6) | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
        buffer &= (1 << UInt32(bits)) - 1
      }
    }
    // Leftover bits (2 or 4) must be zero in a canonical encoding.
    guard buffer == 0 else { return nil }
    return output
  }

  private static func value(of symbol: UInt8) -> UInt8? {
    switch symbol {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return symbol - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return symbol - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return symbol - UInt8(ascii: "0") + 52
    case UInt8(ascii: "-"): return 62
    case UInt8(ascii: "_"): return 63
    default: return nil
    }
  }
}
