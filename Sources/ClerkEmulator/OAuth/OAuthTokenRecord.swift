/// An access or refresh token the emulator issued (JWT access tokens by their `jti`).
struct OAuthTokenRecord: Sendable, Equatable {
  enum Kind: String, Sendable {
    case access, refresh
  }

  var kind: Kind
  /// `oat_…` for an access token (the JWT's `jti`, or the opaque token's id).
  var id: String
  /// The token string clients present (for a JWT access token, its `jti`).
  var token: String
  var grantID: String
  var clientID: String
  var userID: String
  var scopes: [String]
  /// Milliseconds since the epoch.
  var createdAt: Int64
  var updatedAt: Int64
  /// `nil` for a refresh token (they do not expire).
  var expiresAt: Int64?
  /// Set when a refresh token was used (and replaced by a new one): using it again is reuse.
  var rotated: Bool = false
  /// Set when the token itself (not its grant) was revoked.
  var revocationReason: String?
  var isJWT: Bool = false
}
