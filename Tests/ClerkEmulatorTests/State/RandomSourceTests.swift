import ClerkctlCore
import Testing

@testable import ClerkEmulator

@Suite("Random ids and codes")
struct RandomSourceTests {
  @Test("base62 maps bytes below 248 to the alphabet, skips the rest and draws again when short")
  func base62() {
    let draws = Lock<[Int]>([])
    let random = RandomSource { count in
      let first = draws.withLock { sizes in
        sizes.append(count)
        return sizes.count == 1
      }
      // First draw: 0, 61, 62 (wraps to "0"), then 248, 255 and filler, all rejected, so a
      // second draw is needed for the fourth character.
      return first
        ? [0, 61, 62, 248, 255] + [UInt8](repeating: 250, count: count - 5)
        : [10, 36] + [UInt8](repeating: 0, count: count - 2)
    }
    #expect(random.base62(4) == "0z0A")
    #expect(draws.withLock { $0 } == [8, 8])
    #expect(RandomSource.secure.base62(27).utf8.count == 27)
    #expect(RandomSource.secure.base62(0) == "")
  }
}
