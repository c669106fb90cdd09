/// Time-based one-time passwords (RFC 6238) with HMAC-SHA1, as authenticator apps compute them.
package enum TOTP {
  /// The code for `secret` at Unix time `time` (seconds).
  ///
  /// - Parameters:
  ///   - secret: The raw shared secret (decode the Base32 form with `Base32.decode`).
  ///   - time: Seconds since the Unix epoch.
  ///   - digits: Code length, 6 to 9 (default 6).
  ///   - period: Time step in seconds (default 30).
  /// - Returns: The code, zero-padded to `digits`.
  package static func code(
    secret: [UInt8], time: Int64, digits: Int = 6, period: Int64 = 30
  ) -> String {
    precondition((1...9).contains(digits), "TOTP digits must be 1...9, got \(digits)")
    precondition(period > 0, "TOTP period must be positive, got \(period)")
    let counter = UInt64(bitPattern: floorDivide(time, period))
    let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> UInt64(56 - 8 * $0)) }
    let mac = HMAC.sha1(key: secret, message: message)
    let offset = Int(mac[mac.count - 1] & 0x0f)
    let binary =
      (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16)
      | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
    var modulus: UInt32 = 1
    for _ in 0..<digits { modulus *= 10 }
    let value = String(binary % modulus)
    return String(repeating: "0", count: digits - value.count) + value
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let quotient = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
  }
}
