import Testing

@testable import ClerkctlCore

@Suite("Base64URL")
struct Base64URLTests {
  @Test(
    "encodes without padding using - and _",
    arguments: [
      ([UInt8](), ""), ([0x66], "Zg"), ([0x66, 0x6f], "Zm8"), ([0x66, 0x6f, 0x6f], "Zm9v"),
      ([0xfb, 0xff, 0xbf], "-_-_"), ([0x03, 0xe0], "A-A"),
    ])
  func encode(bytes: [UInt8], text: String) {
    #expect(Base64URL.encode(bytes) == text)
    #expect(Base64URL.decode(text) == bytes)
  }

  @Test("round-trips every length and byte value")
  func roundTrip() {
    for length in 0..<70 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + length) }
      #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
    }
    let all = (0...255).map { UInt8($0) }
    #expect(Base64URL.decode(Base64URL.encode(all)) == all)
  }

  @Test(
    "refuses padding, whitespace, the +/ alphabet, impossible lengths and stray bits",
    arguments: ["Zg==", "Zm8=", "Zm 9v", "Zm9v\n", "+/+/", "ab/c", "Z", "Zm9vY", "Zh", "Zm9", "é"])
  func refuses(text: String) {
    #expect(Base64URL.decode(text) == nil)
  }
}
