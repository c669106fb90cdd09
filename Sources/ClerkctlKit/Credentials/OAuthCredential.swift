/// What an OAuth profile stores (the credential file's `"oauth"` member): the client, the
/// refresh token (the long-lived secret, bound to the issuer in the profile's `fapi_url`), the
/// endpoints discovery named on that issuer, and the newest access and ID tokens.
package struct OAuthCredential: Sendable, Equatable, CustomStringConvertible {
  /// The OAuth client the tokens were issued to.
  package var clientID: String
  /// A confidential client's secret (`nil` for a public PKCE client).
  package var clientSecret: String?
  /// The refresh token (`nil` when the grant had no `offline_access`).
  package var refreshToken: String?
  /// The scopes Clerk granted.
  package var scopes: [String]
  /// The endpoints of the issuer, as discovered at sign-in.
  package var endpoints: OAuthEndpoints
  /// The protected resource this grant is for (an MCP server's URL), when there is one.
  package var resource: String?
  /// The newest access token, when one is cached.
  package var accessToken: String?
  /// When it was issued and expires, epoch seconds on the local clock (from `expires_in`).
  package var issuedAt: Int64
  package var expiresAt: Int64
  /// The newest ID token (`openid` scope), when Clerk sent one.
  package var idToken: String?

  package init(
    clientID: String, clientSecret: String? = nil, refreshToken: String?, scopes: [String],
    endpoints: OAuthEndpoints, resource: String? = nil, accessToken: String?, issuedAt: Int64,
    expiresAt: Int64, idToken: String? = nil
  ) {
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.refreshToken = refreshToken
    self.scopes = scopes
    self.endpoints = endpoints
    self.resource = resource
    self.accessToken = accessToken
    self.issuedAt = issuedAt
    self.expiresAt = expiresAt
    self.idToken = idToken
  }

  /// A summary without the refresh token, the client secret or the tokens.
  package var description: String {
    "OAuthCredential(clientID: \(clientID), scopes: \(scopes), expiresAt: \(expiresAt), "
      + "resource: \(resource ?? "nil"), refreshToken: "
      + (refreshToken == nil ? "nil" : "<redacted>") + ", clientSecret: "
      + (clientSecret == nil ? "nil" : "<redacted>") + ", accessToken: "
      + (accessToken == nil ? "nil" : "<redacted>") + ")"
  }
}
