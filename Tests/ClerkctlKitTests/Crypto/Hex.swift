/// Test helpers for writing byte vectors as hex.
enum Hex {
  /// The bytes of a hex string (spaces ignored); traps on odd input, which is a typo in a test.
  static func bytes(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8.filter { $0 != UInt8(ascii: " ") })
    precondition(digits.count % 2 == 0, "odd hex string")
    return stride(from: 0, to: digits.count, by: 2).map { index in
      UInt8(nibble(digits[index]) << 4 | nibble(digits[index + 1]))
    }
  }

  /// Lower-case hex of `bytes`.
  static func string(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
  }

  private static func nibble(_ digit: UInt8) -> UInt8 {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
    default: preconditionFailure("bad hex digit")
    }
  }
}
