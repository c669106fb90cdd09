import ClerkctlKit

/// What commands need for OAuth profiles: the account bound to the issuer named by the
/// instance flags or environment when one is named.
extension CommandContext {
  /// The OAuth account of the selected profile (or `profile`).
  package func oauthAccount(profile: String? = nil) throws -> OAuthAccount {
    var account = OAuthAccount(
      profile: try profile ?? profileName(), store: try profileStore(), http: httpClient(),
      clock: clock)
    account.requestTimeout = try requestTimeout()
    account.instance = try instanceOverride()
    return account
  }
}
