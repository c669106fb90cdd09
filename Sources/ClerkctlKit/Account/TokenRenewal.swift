/// When a token that is kept fresh for as long as something runs is replaced, and how failed
/// replacements are retried. Shared by every keeper of tokens (a token file, a loopback
/// endpoint, a token stream) so they all ask the cache the same question at the same moment,
/// and a sign-in makes one mint per token lifetime between them.
package struct TokenRenewal: Sendable, Equatable {
  /// Clerk's clock is known to about a second (`Date` headers and `iat` have whole seconds):
  /// a token is replaced this much before it would have less than `minTTL` left.
  package static let clockPrecision = 1.0
  /// How far past the replacement point a renewal reaches: a wake-up a little early still
  /// replaces the token instead of finding it good and waking again at once.
  package static let slack = 0.5
  /// The longest pause between retries of a failed renewal, seconds.
  package static let maxBackoff = 30.0

  /// The least time a handed-out token has left, seconds on Clerk's clock.
  package var minTTL: Double

  package init(minTTL: Double) {
    self.minTTL = minTTL
  }

  /// The `minTTL` a renewal asks the token cache for: a cached token with less left is
  /// replaced, one with more (another process renewed it already) is reused.
  package var requestedTTL: Double { minTTL + Self.clockPrecision + Self.slack }

  /// Seconds from now until a token with `secondsLeft` (on Clerk's clock) must be replaced.
  package func delay(secondsLeft: Double) -> Double {
    max(0, secondsLeft - minTTL - Self.clockPrecision)
  }

  /// The pause before retry number `failures` (1 for the first) of a failed renewal: 1, 2, 4 …
  /// seconds, at most `maxBackoff`.
  package func backoff(failures: Int) -> Double {
    let exponent = Double(min(max(failures, 1), 16) - 1)
    return min(Self.maxBackoff, Double(1 << Int(exponent)))
  }
}
