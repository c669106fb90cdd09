/// The endpoints of Clerk as an OAuth 2.1 / OpenID Connect provider (see ``OAuthHandler``).
enum OAuthEndpoint: Sendable, Equatable {
  /// FAPI: RFC 8414 metadata, `/oauth/authorize` (GET shows the page, POST submits its forms
  /// or a form-encoded authorization request), RFC 7591 registration, the token endpoint,
  /// user info, introspection and revocation.
  case serverMetadata, authorize, register, token, userInfo, tokenInfo, revoke
  /// BAPI `/v1/oauth_applications…` with the instance secret key.
  case listApplications, createApplication, getApplication, updateApplication
  case deleteApplication, rotateSecret, revokeApplicationToken
  /// BAPI `/oauth_applications/access_tokens/verify` (and under `/v1`).
  case verifyAccessToken
  /// BAPI `/v1/instance/oauth_application_settings`.
  case getSettings, updateSettings
  /// Not Clerk's: a small protected resource (`/mcp`) and its RFC 9728 metadata.
  case resourceMetadata, protectedResource
}
