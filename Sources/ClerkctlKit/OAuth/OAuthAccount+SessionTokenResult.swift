extension OAuthAccount.TokenResult {
  /// The access token as a session token's result (its `jwt` the access token), for what keeps
  /// and hands out tokens of every kind.
  package var asSessionTokenResult: ClerkAccount.TokenResult {
    ClerkAccount.TokenResult(
      token: CachedToken(
        jwt: accessToken, template: nil, issuedAt: issuedAt, expiresAt: expiresAt,
        instance: InstanceOrigin(url: credential.fapiURL)?.description),
      credential: credential, minted: refreshed, expiresIn: expiresIn)
  }
}
