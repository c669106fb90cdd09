import ClerkctlKit

/// Where a `TokenKeeper` gets its tokens: a user profile's session or template JWTs, or a
/// machine profile's M2M tokens — both through their profile's cache and lock.
package struct TokenSource: Sendable {
  /// The profile the tokens are for.
  package var profile: String
  /// A token with at least `minTTL` left (`forceRefresh`: a new one).
  package var token:
    @Sendable (_ minTTL: Double, _ forceRefresh: Bool) throws ->
      ClerkAccount.TokenResult
  /// A keeper's renewal (see `ClerkAccount.renewedToken(template:renewal:)`).
  package var renewed: @Sendable (TokenRenewal) throws -> ClerkAccount.TokenResult
  /// Seconds a token has left now, on Clerk's clock.
  package var secondsLeft: @Sendable (ClerkAccount.TokenResult) -> Double

  /// A user profile's session token, or `template`'s.
  package static func user(_ account: ClerkAccount, template: String?) -> TokenSource {
    TokenSource(
      profile: account.profile,
      token: { try account.token(template: template, minTTL: $0, forceRefresh: $1) },
      renewed: { try account.renewedToken(template: template, renewal: $0) },
      secondsLeft: { account.secondsLeft($0) })
  }

  /// A machine profile's M2M tokens for `request`.
  package static func machine(
    _ account: MachineAccount, _ request: MachineTokenRequest
  ) -> TokenSource {
    TokenSource(
      profile: account.profile,
      token: {
        try account.token(request, minTTL: $0, forceRefresh: $1).asSessionTokenResult
      },
      renewed: { try account.renewedToken(request, renewal: $0).asSessionTokenResult },
      secondsLeft: { account.secondsLeft($0.token, clockSkew: $0.credential.clockSkew) })
  }
}
