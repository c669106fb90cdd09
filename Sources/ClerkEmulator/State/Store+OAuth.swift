import ClerkctlCore
import Foundation

/// The OAuth provider's seed and the JSON shapes of its applications.
extension Store {
  /// Creates the configured OAuth applications and applies the instance's OAuth settings.
  mutating func seedOAuth(_ configuration: EmulatorConfiguration, random: RandomSource, now: Int64)
  {
    oauth.dynamicClientRegistration = configuration.oauthDynamicClientRegistration
    oauth.jwtAccessTokens = configuration.oauthJWTAccessTokens
    for application in configuration.oauthApplications {
      let format =
        application.accessTokenFormat.flatMap(OAuthApplicationRecord.AccessTokenFormat.init)
        ?? (configuration.oauthJWTAccessTokens ? .jwt : .opaque)
      oauth.insert(
        OAuthApplicationRecord(
          id: random.id("oa"), clientID: application.clientID ?? random.base62(16),
          clientSecret: application.isPublic
            ? nil : (application.clientSecret ?? random.oauthClientSecret()),
          name: application.name, redirectURIs: application.redirectURIs,
          scopes: application.scopes, isPublic: application.isPublic,
          pkceRequired: application.pkceRequired,
          consentScreenEnabled: application.consentScreenEnabled, dynamicallyRegistered: false,
          accessTokenFormat: format, accessTokenLifetime: application.accessTokenLifetime,
          clientURI: nil, logoURI: nil,
          tokenEndpointAuthMethod: application.isPublic ? "none" : "client_secret_basic",
          createdAt: now, updatedAt: now))
    }
  }

  /// BAPI `OAuthApplication` (with `client_secret` for `OAuthApplicationWithSecret`).
  func oauthApplicationJSON(
    _ application: OAuthApplicationRecord, instanceID: String, withSecret: Bool = false
  ) -> JSONValue {
    var json: [String: JSONValue] = [
      "object": "oauth_application", "id": .string(application.id),
      "instance_id": .string(instanceID), "name": .string(application.name),
      "client_id": .string(application.clientID),
      "client_uri": application.clientURI.map(JSONValue.string) ?? .null,
      "client_image_url": application.logoURI.map(JSONValue.string) ?? .null,
      "dynamically_registered": .bool(application.dynamicallyRegistered),
      "consent_screen_enabled": .bool(application.consentScreenEnabled),
      "pkce_required": .bool(application.pkceRequired), "public": .bool(application.isPublic),
      "scopes": .string(application.scopes.joined(separator: " ")),
      "redirect_uris": .array(application.redirectURIs.map(JSONValue.string)),
      "callback_url": .string(application.redirectURIs.first ?? ""),
      "authorize_url": .string(baseURL + "/oauth/authorize"),
      "token_fetch_url": .string(baseURL + "/oauth/token"),
      "user_info_url": .string(baseURL + "/oauth/userinfo"),
      "discovery_url": .string(baseURL + "/.well-known/oauth-authorization-server"),
      "token_introspection_url": .string(baseURL + "/oauth/token_info"),
      "created_at": .int(application.createdAt), "updated_at": .int(application.updatedAt),
    ]
    if withSecret { json["client_secret"] = .string(application.clientSecret ?? "") }
    return .object(json)
  }
}

extension RandomSource {
  /// A confidential OAuth client's secret: 32 letters and digits.
  func oauthClientSecret() -> String { base62(32) }

  /// An OAuth access token id (and opaque token): `oat_` and 32 hex digits (the BAPI spec's
  /// pattern for the verified token's `id`).
  func oauthAccessTokenID() -> String { "oat_" + hex(32) }
}
