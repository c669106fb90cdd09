/// One user's consent to one application for some scopes: what an authorization code is
/// exchanged for, and what every token minted from it (access, refresh, ID) belongs to.
/// Revoking the grant makes all of them inactive.
struct OAuthGrantRecord: Sendable, Equatable {
  var id: String
  var clientID: String
  var userID: String
  var scopes: [String]
  /// The OpenID Connect `nonce` of the authorization request, for the ID token.
  var nonce: String?
  /// The RFC 8707 `resource` of the authorization request: the access tokens' `aud`.
  var resource: String?
  /// Seconds since the epoch: when the user signed in for it (`auth_time`).
  var authTime: Int64
  /// Milliseconds since the epoch.
  var createdAt: Int64
  /// Why it was revoked, `nil` while it stands.
  var revocationReason: String?

  var isRevoked: Bool { revocationReason != nil }
}
