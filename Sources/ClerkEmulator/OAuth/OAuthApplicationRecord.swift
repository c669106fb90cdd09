import ClerkctlCore

/// An OAuth application (client) of the instance: seeded from `--config`, created over the
/// Backend API or registered dynamically (RFC 7591).
struct OAuthApplicationRecord: Sendable, Equatable {
  /// How the application's access tokens look.
  enum AccessTokenFormat: String, Sendable {
    /// A JWT with header `typ: at+jwt` (RFC 9068), Clerk's default.
    case jwt
    /// An opaque `oat_…` string, checked through the Backend API.
    case opaque
  }

  /// `oa_…`, the Backend API's id.
  var id: String
  var clientID: String
  /// `nil` for a public client.
  var clientSecret: String?
  var name: String
  var redirectURIs: [String]
  /// The scopes it may ask for.
  var scopes: [String]
  var isPublic: Bool
  var pkceRequired: Bool
  var consentScreenEnabled: Bool
  var dynamicallyRegistered: Bool
  var accessTokenFormat: AccessTokenFormat
  /// Seconds (Clerk: one day).
  var accessTokenLifetime: Int64
  var clientURI: String?
  var logoURI: String?
  /// RFC 7591's `token_endpoint_auth_method` (`none` for a public client).
  var tokenEndpointAuthMethod: String
  /// Milliseconds since the epoch.
  var createdAt: Int64
  var updatedAt: Int64

  /// Clerk's documented default access token lifetime, one day.
  static let defaultAccessTokenLifetime: Int64 = 86_400
  /// The scopes Clerk knows (the FAPI spec's `/oauth/authorize` list).
  static let knownScopes = [
    "openid", "profile", "email", "offline_access", "public_metadata", "private_metadata",
    "user:org:read",
  ]
  /// What an application gets when it names no scopes: Clerk's `profile email`.
  static let defaultScopes = ["profile", "email"]
}
