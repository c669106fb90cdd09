import FoundationEssentials

extension ClerkAccount {
  /// A token for a keeper that replaces it before it runs low: the cached one while it has
  /// `renewal.requestedTTL` left, else a new one — minted through the same cache and profile
  /// lock as `token(template:minTTL:forceRefresh:fapiURL:)`, so keepers and one-off callers on
  /// one profile share each mint.
  ///
  /// - Throws: what `token` throws; `ClerkError.tokenTooShortLived` when the template's tokens
  ///   live too briefly to be renewed with `renewal.minTTL` left.
  package func renewedToken(
    template: String?, renewal: TokenRenewal, fapiURL: String? = nil
  ) throws -> TokenResult {
    try token(
      template: template, minTTL: renewal.requestedTTL, forceRefresh: false, fapiURL: fapiURL)
  }

  /// Seconds `result`'s token has left now, judged on Clerk's clock as the cache judges it.
  package func secondsLeft(_ result: TokenResult) -> Double {
    Double(result.token.expiresAt)
      - (clock.now().timeIntervalSince1970 + result.credential.clockSkew)
  }
}
