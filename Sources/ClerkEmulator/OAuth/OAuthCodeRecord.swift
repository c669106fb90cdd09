/// An authorization code, bound to the client, the redirect URI it was sent to and the PKCE
/// challenge; good once, for ten minutes.
struct OAuthCodeRecord: Sendable, Equatable {
  var code: String
  var clientID: String
  var userID: String
  /// The redirect URI the code went to (as the request named it, port included).
  var redirectURI: String
  /// Whether the authorization request named `redirect_uri` (then the token request must too).
  var redirectURIGiven: Bool
  /// The S256 code challenge, when the request had one.
  var codeChallenge: String?
  var scopes: [String]
  var nonce: String?
  var resource: String?
  var authTime: Int64
  /// Milliseconds since the epoch.
  var expiresAt: Int64
  /// The grant the code was exchanged for; set on first use, so a replay can revoke it.
  var grantID: String?

  /// Clerk's documented code lifetime: ten minutes.
  static let lifetimeMilliseconds: Int64 = 600_000
}
