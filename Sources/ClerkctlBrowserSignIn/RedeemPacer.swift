import ClerkctlCore
import FoundationEssentials

/// Spaces Clerk requests made for loopback callbacks: at most one every
/// ``RedeemPacer/interval`` seconds, so a local process flooding the callback with forged
/// answers spends neither the instance's rate limit nor the sign-in's time.
final class RedeemPacer: Sendable {
  /// The least time between two redeems, seconds.
  static let interval = 0.5
  private let last = Lock<Double?>(nil)

  /// Sleeps (on `clock`) until the interval since the previous redeem has passed, then notes
  /// this one.
  func pace(_ clock: Clock) {
    let now = clock.now().timeIntervalSince1970
    let wait = last.withLock { previous -> Double in
      let next = max(now, (previous ?? -Double.infinity) + Self.interval)
      previous = next
      return next - now
    }
    if wait > 0 { clock.sleep(wait) }
  }
}
