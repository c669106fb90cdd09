import Testing

@testable import ClerkctlCrypto

@Suite("TOTP, Base32, random and constant-time compare")
struct TOTPTests {
  static let rfc6238Secret = Array("12345678901234567890".utf8)

  @Test(
    "TOTP matches RFC 6238 Appendix B (SHA-1, 8 digits) and its 6-digit tail",
    arguments: [
      (Int64(59), "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
      (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
  func rfc6238(time: Int64, expected: String) {
    #expect(TOTP.code(secret: Self.rfc6238Secret, time: time, digits: 8) == expected)
    #expect(TOTP.code(secret: Self.rfc6238Secret, time: time) == String(expected.suffix(6)))
  }

  @Test("TOTP codes change only at period boundaries")
  func period() {
    let secret = Self.rfc6238Secret
    #expect(TOTP.code(secret: secret, time: 60) == TOTP.code(secret: secret, time: 89))
    #expect(TOTP.code(secret: secret, time: 89) != TOTP.code(secret: secret, time: 90))
    #expect(TOTP.code(secret: secret, time: 59, period: 60) == TOTP.code(secret: secret, time: 0))
  }

  @Test(
    "Base32 matches the RFC 4648 vectors both ways",
    arguments: [
      ("", ""), ("f", "MY======"), ("fo", "MZXQ===="), ("foo", "MZXW6==="), ("foob", "MZXW6YQ="),
      ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI======"),
    ])
  func base32(plain: String, encoded: String) {
    #expect(Base32.encode(Array(plain.utf8)) == encoded)
    #expect(Base32.decode(encoded) == Array(plain.utf8))
    let unpadded = String(encoded.prefix { $0 != "=" })
    #expect(Base32.decode(unpadded) == Array(plain.utf8))
    #expect(Base32.decode(unpadded.lowercased()) == Array(plain.utf8))
  }

  @Test("Base32 decodes the common authenticator example secret")
  func authenticatorSecret() {
    #expect(Base32.decode("JBSWY3DPEHPK3PXP") == Array("Hello!".utf8) + [0xde, 0xad, 0xbe, 0xef])
    #expect(Base32.decode("jbswy3dpehpk3pxp") == Base32.decode("JBSWY3DPEHPK3PXP"))
  }

  @Test(
    "Base32 refuses symbols outside the alphabet and impossible lengths",
    arguments: ["MY1", "MZ XQ", "MZXW6YTBO", "M", "MZX", "MZXW6Y", "MZ=XQ", "0OOO", "MY!"])
  func base32Refuses(text: String) {
    #expect(Base32.decode(text) == nil)
  }

  @Test("random bytes have the requested length and differ between calls")
  func random() {
    #expect(SecureRandom.bytes(0).isEmpty)
    let a = SecureRandom.bytes(32)
    let b = SecureRandom.bytes(32)
    #expect(a.count == 32)
    #expect(a != b)
  }

  @Test("constant-time compare agrees with ==")
  func constantTime() {
    #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
    #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
    #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
    #expect(ConstantTime.equals([UInt8](), []))
    #expect(ConstantTime.equals("sk_test_é", "sk_test_é"))
    #expect(!ConstantTime.equals("sk_test_a", "sk_test_b"))
  }
}
