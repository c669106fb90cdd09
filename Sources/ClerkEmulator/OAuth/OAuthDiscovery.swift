import ClerkctlCore

/// The provider's discovery documents, with the FAPI origin as issuer: RFC 8414
/// (`/.well-known/oauth-authorization-server`) and OpenID Connect Discovery
/// (`/.well-known/openid-configuration`), each with exactly the members Clerk's spec allows.
enum OAuthDiscovery {
  /// What the documents depend on besides the origin.
  struct Flags {
    /// Whether `/oauth/register` is open (then `registration_endpoint` is advertised).
    var registration: Bool
  }

  static let scopes = OAuthApplicationRecord.knownScopes
  static let claims = [
    "sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "email", "email_verified", "name",
    "given_name", "family_name", "preferred_username", "picture", "org_id",
  ]
  static let authMethods = ["client_secret_basic", "client_secret_post", "none"]

  /// RFC 8414 authorization server metadata.
  static func serverMetadata(_ base: String, store flags: Flags) -> JSONValue {
    var json: [String: JSONValue] = [
      "issuer": .string(base), "authorization_endpoint": .string(base + "/oauth/authorize"),
      "token_endpoint": .string(base + "/oauth/token"),
      "revocation_endpoint": .string(base + "/oauth/token/revoke"),
      "jwks_uri": .string(base + "/.well-known/jwks.json"),
      "response_types_supported": ["code"],
      "grant_types_supported": ["authorization_code", "refresh_token"],
      "token_endpoint_auth_methods_supported": .array(authMethods.map(JSONValue.string)),
      "scopes_supported": .array(scopes.map(JSONValue.string)),
      "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["RS256"],
      "claims_supported": .array(claims.map(JSONValue.string)),
      "code_challenge_methods_supported": ["S256"],
    ]
    if flags.registration { json["registration_endpoint"] = .string(base + "/oauth/register") }
    return .object(json)
  }

  /// OpenID Connect discovery (`introspection_endpoint` is Clerk's `/oauth/token_info`).
  static func openIDConfiguration(_ base: String) -> JSONValue {
    [
      "issuer": .string(base), "jwks_uri": .string(base + "/.well-known/jwks.json"),
      "authorization_endpoint": .string(base + "/oauth/authorize"),
      "token_endpoint": .string(base + "/oauth/token"),
      "userinfo_endpoint": .string(base + "/oauth/userinfo"),
      "revocation_endpoint": .string(base + "/oauth/token/revoke"),
      "introspection_endpoint": .string(base + "/oauth/token_info"),
      "response_types_supported": ["code"], "subject_types_supported": ["public"],
      "id_token_signing_alg_values_supported": ["RS256"],
      "scopes_supported": .array(scopes.map(JSONValue.string)),
      "grant_types_supported": ["authorization_code", "refresh_token"],
      "token_endpoint_auth_methods_supported": .array(authMethods.map(JSONValue.string)),
      "claims_supported": .array(claims.map(JSONValue.string)),
      "code_challenge_methods_supported": ["S256"],
      "response_modes_supported": ["query", "form_post"],
      "backchannel_logout_supported": false, "frontchannel_logout_supported": false,
    ]
  }
}
