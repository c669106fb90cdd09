import ClerkctlCore
import FoundationEssentials

extension ClerkAccount {
  /// A token for a keeper that replaces it before it runs low: the cached one while it has
  /// `renewal.requestedTTL` left, else a new one — minted through the same cache and profile
  /// lock as `token(template:minTTL:forceRefresh:)`, so keepers and one-off callers on
  /// one profile share each mint.
  ///
  /// A new token that lives too briefly to reach the next renewal point is still taken while
  /// it has `renewal.minTTL` left.
  ///
  /// - Throws: what `token` throws; `ClerkError.tokenTooShortLived` when the template's tokens
  ///   live less than `renewal.minTTL`.
  package func renewedToken(
    template: String?, renewal: TokenRenewal
  ) throws -> TokenResult {
    // Each renewal has the whole retry budget: a keeper may run for hours.
    var account = self
    account.retry.startedAt = clock.now()
    do {
      return try account.token(
        template: template, minTTL: renewal.requestedTTL, forceRefresh: false)
    } catch ClerkError.tokenTooShortLived {
      return try account.token(
        template: template, minTTL: renewal.minTTL, forceRefresh: false)
    }
  }

  /// Seconds `result`'s token has left now, judged on Clerk's clock as the cache judges it.
  package func secondsLeft(_ result: TokenResult) -> Double {
    Double(result.token.expiresAt)
      - (clock.now().timeIntervalSince1970 + result.credential.clockSkew)
  }
}
