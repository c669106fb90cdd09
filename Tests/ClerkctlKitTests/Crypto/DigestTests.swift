import Testing

@testable import ClerkctlCrypto

@Suite("SHA-256 and HMAC")
struct DigestTests {
  @Test(
    "SHA-256 matches the FIPS 180-2 vectors",
    arguments: [
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func sha256(input: String, expected: String) {
    #expect(Hex.string(SHA256.hash(Array(input.utf8))) == expected)
  }

  @Test("HMAC-SHA256 matches RFC 4231 test cases 1 and 2")
  func hmacSHA256() {
    let case1 = HMAC.sha256(
      key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8))
    #expect(
      Hex.string(case1) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    let case2 = HMAC.sha256(
      key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
    #expect(
      Hex.string(case2) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
  }

  @Test("HMAC-SHA256 accepts an empty key and message")
  func hmacEmpty() {
    #expect(
      Hex.string(HMAC.sha256(key: [], message: []))
        == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
  }

  @Test("HMAC-SHA1 matches RFC 2202 test cases 1, 2 and 3")
  func hmacSHA1() {
    #expect(
      Hex.string(
        HMAC.sha1(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
        == "b617318655057264e28bc0b6fb378c8ef146be00")
    #expect(
      Hex.string(
        HMAC.sha1(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
    #expect(
      Hex.string(
        HMAC.sha1(
          key: [UInt8](repeating: 0xaa, count: 20), message: [UInt8](repeating: 0xdd, count: 50)))
        == "125d7342b9ac11cd91a39af48aa17b4f63f175d3")
  }
}
