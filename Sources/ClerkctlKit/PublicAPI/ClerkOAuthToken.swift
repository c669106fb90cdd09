import FoundationEssentials

/// An OAuth access token from Clerk as the authorization server (`typ: at+jwt`, or opaque
/// `oat_…`). It is not a session token: a backend checks it as an OAuth token (Clerk's
/// `acceptsToken: 'oauth_token'`, or the Backend API's access-token verify).
public struct ClerkOAuthToken: Sendable, Equatable, CustomStringConvertible {
  /// The bearer value.
  public let accessToken: String
  /// When it expires (from the token endpoint's `expires_in`, on this machine's clock).
  public let expiresAt: Date
  /// The scopes Clerk granted.
  public let scopes: [String]
  /// The OAuth client it was issued to.
  public let clientId: String
  /// The OpenID Connect ID token, when the sign-in asked for `openid`.
  public let idToken: String?
  /// Whether it came from the cache (no request was made).
  public let cached: Bool

  public var description: String {
    "ClerkOAuthToken(clientId: \(clientId), scopes: \(scopes), expiresAt: \(expiresAt), "
      + "cached: \(cached), accessToken: <redacted>)"
  }
}
