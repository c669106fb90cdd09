import ClerkctlKit
import Testing

@Suite("TokenRenewal: when a kept token is replaced")
struct TokenRenewalTests {
  @Test("a token is replaced a second (Clerk's clock precision) before it has minTTL left")
  func delay() {
    let renewal = TokenRenewal(minTTL: 10)
    #expect(renewal.delay(secondsLeft: 60) == 49)
    #expect(renewal.delay(secondsLeft: 11) == 0)
    #expect(renewal.delay(secondsLeft: 3) == 0)
    #expect(renewal.requestedTTL == 11.5, "a wake-up up to half a second early still renews")
    #expect(renewal.requestedTTL > 10 + TokenRenewal.clockPrecision)
  }

  @Test("failed renewals back off 1, 2, 4 … seconds up to 30")
  func backoff() {
    let renewal = TokenRenewal(minTTL: 1)
    #expect((1...7).map { renewal.backoff(failures: $0) } == [1, 2, 4, 8, 16, 30, 30])
    #expect(renewal.backoff(failures: 1000) == 30)
    #expect(renewal.backoff(failures: 0) == 1)
  }
}
