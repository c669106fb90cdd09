/// Base32 (RFC 4648 §6), the encoding of TOTP secrets.
package enum Base32 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

  /// The bytes `text` encodes, or `nil` when it is not Base32.
  ///
  /// Letters may be either case and trailing `=` padding is optional; anything else outside the
  /// alphabet (spaces included) is refused, as are lengths no encoder produces.
  package static func decode(_ text: String) -> [UInt8]? {
    var symbols = Array(text.utf8)
    while symbols.last == UInt8(ascii: "=") { symbols.removeLast() }
    guard [0, 2, 4, 5, 7].contains(symbols.count % 8) else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(symbols.count * 5 / 8)
    var buffer: UInt64 = 0
    var bits = 0
    for symbol in symbols {
      guard let value = self.value(of: symbol) else { return nil }
      buffer = (buffer << 5) | UInt64(value)
      bits += 5
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: buffer >> UInt64(bits)))
      }
    }
    return output
  }

  /// `bytes` as upper-case Base32 with `=` padding to a multiple of 8 characters.
  package static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 4) / 5 * 8)
    var buffer: UInt64 = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | UInt64(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        output.append(alphabet[Int((buffer >> UInt64(bits)) & 31)])
      }
    }
    if bits > 0 { output.append(alphabet[Int((buffer << UInt64(5 - bits)) & 31)]) }
    while output.count % 8 != 0 { output.append(UInt8(ascii: "=")) }
    return String(decoding: output, as: UTF8.self)
  }

  private static func value(of symbol: UInt8) -> UInt8? {
    switch symbol {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return symbol - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return symbol - UInt8(ascii: "a")
    case UInt8(ascii: "2")...UInt8(ascii: "7"): return symbol - UInt8(ascii: "2") + 26
    default: return nil
    }
  }
}
