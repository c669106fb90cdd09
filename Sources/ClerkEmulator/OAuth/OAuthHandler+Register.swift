import ClerkctlCore
import ClerkctlHTTP

/// `POST /oauth/register`: RFC 7591 dynamic client registration, when the instance allows it
/// (`oauth_application_settings.dynamic_oauth_client_registration`; otherwise 422, as Clerk
/// answers). A client registered with `token_endpoint_auth_method: none` is public (PKCE);
/// any other gets a secret. Registered clients always show the consent screen.
extension OAuthHandler {
  private static let registrationKeys: Set<String> = [
    "redirect_uris", "token_endpoint_auth_method", "client_name", "client_uri", "logo_uri",
    "scope", "grant_types", "response_types", "software_id", "software_version", "contacts",
    "tos_uri", "policy_uri",
  ]

  func register(_ context: RequestContext) -> HTTPResponse {
    let enabled = state.withStore { $0.oauth.dynamicClientRegistration }
    guard enabled else {
      return clerkError(
        ClerkAPIFailure(
          status: 422, code: "dynamic_client_registration_disabled",
          message: "Dynamic client registration is disabled",
          longMessage:
            "Dynamic OAuth client registration is not enabled for this instance. Enable it in the instance's OAuth application settings."
        ))
    }
    let metadata = { (error: String, detail: String) -> HTTPResponse in
      self.json(
        ["error": .string(error), "error_description": .string(detail)], status: 400,
        headers: ["Cache-Control": "no-store"])
    }
    guard let body = context.jsonBody, let members = body.objectValue else {
      return metadata("invalid_client_metadata", "The body must be a JSON object")
    }
    if let unknown = members.keys.sorted().first(where: { !Self.registrationKeys.contains($0) }) {
      return metadata("invalid_client_metadata", "\(unknown) is not client metadata Clerk takes")
    }
    guard let list = body["redirect_uris"]?.arrayValue, !list.isEmpty,
      let uris = Optional(list.compactMap(\.stringValue)), uris.count == list.count
    else { return metadata("invalid_redirect_uri", "redirect_uris must list at least one URI") }
    guard uris.allSatisfy(OAuthRedirectURI.isAbsolute) else {
      return metadata("invalid_redirect_uri", "Every redirect URI must be an absolute URI")
    }
    let method = body["token_endpoint_auth_method"]?.stringValue ?? "client_secret_basic"
    guard ["client_secret_basic", "client_secret_post", "none"].contains(method) else {
      return metadata(
        "invalid_client_metadata",
        "token_endpoint_auth_method must be client_secret_basic, client_secret_post or none")
    }
    var scopes = body["scope"]?.stringValue.map(Self.scopes) ?? ["openid", "profile", "email"]
    if scopes.isEmpty { scopes = OAuthApplicationRecord.defaultScopes }
    if let unknown = scopes.first(where: { !OAuthApplicationRecord.knownScopes.contains($0) }) {
      return metadata("invalid_client_metadata", "The scope \(unknown) is not one Clerk offers")
    }
    if !scopes.contains("offline_access") { scopes.append("offline_access") }
    let name = body["client_name"]?.stringValue
    if let name, name.count > 256 {
      return metadata("invalid_client_metadata", "client_name is longer than 256 characters")
    }
    let now = nowMilliseconds
    let isPublic = method == "none"
    let clientID = random.base62(16)
    let application = OAuthApplicationRecord(
      id: random.id("oa"), clientID: clientID,
      clientSecret: isPublic ? nil : random.oauthClientSecret(), name: name ?? clientID,
      redirectURIs: uris, scopes: scopes, isPublic: isPublic, pkceRequired: false,
      consentScreenEnabled: true, dynamicallyRegistered: true,
      accessTokenFormat: state.withStore { $0.oauth.jwtAccessTokens } ? .jwt : .opaque,
      accessTokenLifetime: OAuthApplicationRecord.defaultAccessTokenLifetime,
      clientURI: body["client_uri"]?.stringValue, logoURI: body["logo_uri"]?.stringValue,
      tokenEndpointAuthMethod: method, createdAt: now, updatedAt: now)
    state.withStore { $0.oauth.insert(application) }
    var reply: [String: JSONValue] = [
      "client_id": .string(clientID), "client_id_issued_at": .int(now / 1000),
      "client_secret_expires_at": 0, "client_name": .string(application.name),
      "redirect_uris": .array(uris.map(JSONValue.string)),
      "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"],
      "scope": .string(scopes.joined(separator: " ")),
      "token_endpoint_auth_method": .string(method),
    ]
    if let secret = application.clientSecret { reply["client_secret"] = .string(secret) }
    if let uri = application.clientURI { reply["client_uri"] = .string(uri) }
    if let uri = application.logoURI { reply["logo_uri"] = .string(uri) }
    return json(.object(reply), status: 201, headers: ["Cache-Control": "no-store"])
  }
}
