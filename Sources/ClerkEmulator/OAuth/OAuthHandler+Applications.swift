import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

/// OAuth applications over the Backend API, with the instance secret key: list (`{data,
/// total_count}`, `limit`/`offset`, `name_query` a part of the name or the exact client id,
/// `order_by` `created_at`/`name` with `+`/`-`), create (`name` required; `redirect_uris`,
/// `scopes` a space-separated string, `public`, `consent_screen_enabled`, `pkce_required`; the
/// reply alone carries `client_secret`), get, update, delete (its grants are revoked), rotate
/// the secret, revoke a token's grant, and the instance's OAuth settings.
extension OAuthHandler {
  func serveApplications(_ endpoint: OAuthEndpoint, _ context: RequestContext) -> HTTPResponse {
    guard let bearer = context.bearerToken, ConstantTime.equals(bearer, secretKey) else {
      return clerkError(.secretKeyInvalid)
    }
    var body: JSONValue = [:]
    if context.method == "POST" || context.method == "PATCH" {
      guard let parsed = context.jsonBody else {
        return clerkError(
          ClerkAPIFailure(
            status: 400, code: "request_body_invalid", message: "Request body invalid",
            longMessage: "The request body is not a JSON object"))
      }
      body = parsed
    }
    let now = nowMilliseconds
    let outcome: Result<(JSONValue?, Int), ClerkAPIFailure> = state.withStore { store in
      Result { () throws(ClerkAPIFailure) in
        try applicationReply(endpoint, context, body: body, store: &store, now: now)
      }
    }
    switch outcome {
    case .failure(let failure): return clerkError(failure)
    case .success((let value?, let status)): return json(value, status: status)
    case .success((nil, let status)): return HTTPResponse(status: status, body: [])
    }
  }

  private func applicationReply(
    _ endpoint: OAuthEndpoint, _ context: RequestContext, body: JSONValue, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> (JSONValue?, Int) {
    switch endpoint {
    case .listApplications: return (try listApplications(context.query, store: store), 200)
    case .createApplication: return (try createApplication(body, store: &store, now: now), 200)
    case .getSettings: return (settingsJSON(store), 200)
    case .updateSettings:
      for (key, path) in [
        ("dynamic_oauth_client_registration", \OAuthStore.dynamicClientRegistration),
        ("oauth_jwt_access_tokens", \OAuthStore.jwtAccessTokens),
      ] {
        guard let value = body[key], !value.isNull else { continue }
        guard let flag = value.boolValue else {
          throw .paramInvalid(key, "\(key) must be a boolean")
        }
        store.oauth[keyPath: path] = flag
      }
      return (settingsJSON(store), 200)
    case .getApplication, .updateApplication, .deleteApplication, .rotateSecret,
      .revokeApplicationToken:
      break  // one application's: below
    case .serverMetadata, .authorize, .register, .token, .userInfo, .tokenInfo, .revoke,
      .verifyAccessToken, .resourceMetadata, .protectedResource:
      throw .routeNotFound  // not an application endpoint: `serveOAuth`
    }
    let id = context.params["oauth_application_id"] ?? ""
    guard var application = store.oauth.application(id: id) else {
      throw .notFound("OAuth application", id: id)
    }
    switch endpoint {
    case .getApplication:
      return (store.oauthApplicationJSON(application, instanceID: instanceID), 200)
    case .updateApplication:
      try apply(body, to: &application)
      application.updatedAt = now
      store.oauth.insert(application)
      return (store.oauthApplicationJSON(application, instanceID: instanceID), 200)
    case .deleteApplication:
      store.oauth.remove(clientID: application.clientID)
      return (["object": "oauth_application", "id": .string(id), "deleted": true], 200)
    case .rotateSecret:
      if !application.isPublic { application.clientSecret = random.oauthClientSecret() }
      application.updatedAt = now
      store.oauth.insert(application)
      return (
        store.oauthApplicationJSON(application, instanceID: instanceID, withSecret: true), 200
      )
    case .revokeApplicationToken:
      guard let token = body["token"]?.stringValue, !token.isEmpty else {
        throw .paramMissing("token")
      }
      guard let record = store.oauth.tokens[token], record.clientID == application.clientID,
        !record.isJWT
      else { throw .notFound("OAuth token", id: "") }
      store.oauth.revokeGrant(record.grantID, reason: "revoked through the Backend API")
      return (nil, 204)
    case .listApplications, .createApplication, .getSettings, .updateSettings:
      throw .routeNotFound  // answered above, before the application is looked up
    case .serverMetadata, .authorize, .register, .token, .userInfo, .tokenInfo, .revoke,
      .verifyAccessToken, .resourceMetadata, .protectedResource:
      throw .routeNotFound  // not an application endpoint: `serveOAuth`
    }
  }

  private func listApplications(
    _ query: FormData, store: Store
  ) throws(ClerkAPIFailure)
    -> JSONValue
  {
    let (limit, offset) = try BackendAPIHandler(services: services).page(query)
    var applications = store.oauth.applicationOrder.compactMap { store.oauth.applications[$0] }
    if let search = query.nonEmpty("name_query")?.lowercased() {
      applications = applications.filter {
        $0.name.lowercased().contains(search) || $0.clientID.lowercased() == search
      }
    }
    let order = query.nonEmpty("order_by") ?? "-created_at"
    let descending = order.hasPrefix("-")
    let field = order.trimmingCharacters(in: ["+", "-"])
    switch field {
    case "name": applications.sort { $0.name < $1.name }
    case "created_at": break
    default: throw .paramInvalid("order_by", "order_by must be created_at or name, with + or -")
    }
    if descending { applications.reverse() }
    let page = applications.dropFirst(offset).prefix(limit)
    return [
      "data": .array(page.map { store.oauthApplicationJSON($0, instanceID: instanceID) }),
      "total_count": .int(Int64(applications.count)),
    ]
  }

  private func createApplication(
    _ body: JSONValue, store: inout Store, now: Int64
  )
    throws(ClerkAPIFailure) -> JSONValue
  {
    guard let name = body["name"]?.stringValue, !name.isEmpty else { throw .paramMissing("name") }
    let isPublic = body["public"]?.boolValue ?? false
    var application = OAuthApplicationRecord(
      id: random.id("oa"), clientID: random.base62(16),
      clientSecret: isPublic ? nil : random.oauthClientSecret(), name: name, redirectURIs: [],
      scopes: OAuthApplicationRecord.defaultScopes, isPublic: isPublic, pkceRequired: false,
      consentScreenEnabled: true, dynamicallyRegistered: false,
      accessTokenFormat: store.oauth.jwtAccessTokens ? .jwt : .opaque,
      accessTokenLifetime: OAuthApplicationRecord.defaultAccessTokenLifetime, clientURI: nil,
      logoURI: nil, tokenEndpointAuthMethod: isPublic ? "none" : "client_secret_basic",
      createdAt: now, updatedAt: now)
    try apply(body, to: &application)
    store.oauth.insert(application)
    return store.oauthApplicationJSON(application, instanceID: instanceID, withSecret: true)
  }

  /// Applies a create or update body's fields.
  private func apply(
    _ body: JSONValue, to application: inout OAuthApplicationRecord
  )
    throws(ClerkAPIFailure)
  {
    if let value = body["name"], !value.isNull {
      guard let name = value.stringValue, (1...256).contains(name.count) else {
        throw .paramInvalid("name", "name must be 1 to 256 characters")
      }
      application.name = name
    }
    var uris: [String]?
    if let value = body["redirect_uris"], !value.isNull {
      guard let list = value.arrayValue?.compactMap(\.stringValue),
        list.count == value.arrayValue?.count, list.allSatisfy(OAuthRedirectURI.isAbsolute)
      else { throw .paramInvalid("redirect_uris", "redirect_uris must be absolute URIs") }
      uris = list
    } else if let callback = body["callback_url"]?.stringValue, !callback.isEmpty {
      guard OAuthRedirectURI.isAbsolute(callback) else {
        throw .paramInvalid("callback_url", "callback_url must be an absolute URI")
      }
      uris = [callback]
    }
    if let uris { application.redirectURIs = uris }
    if let value = body["scopes"], !value.isNull {
      guard let text = value.stringValue else {
        throw .paramInvalid("scopes", "scopes must be a space-separated string")
      }
      let scopes = OAuthHandler.scopes(text)
      application.scopes = scopes.isEmpty ? OAuthApplicationRecord.defaultScopes : scopes
    }
    for (key, path) in [
      ("consent_screen_enabled", \OAuthApplicationRecord.consentScreenEnabled),
      ("pkce_required", \OAuthApplicationRecord.pkceRequired),
    ] {
      guard let value = body[key], !value.isNull else { continue }
      guard let flag = value.boolValue else { throw .paramInvalid(key, "\(key) must be a boolean") }
      application[keyPath: path] = flag
    }
    if let value = body["public"], !value.isNull {
      guard let flag = value.boolValue else {
        throw .paramInvalid("public", "public must be a boolean")
      }
      if flag != application.isPublic {
        application.isPublic = flag
        application.clientSecret = flag ? nil : random.oauthClientSecret()
        application.tokenEndpointAuthMethod = flag ? "none" : "client_secret_basic"
      }
    }
  }

  private func settingsJSON(_ store: Store) -> JSONValue {
    [
      "object": "oauth_application_settings",
      "dynamic_oauth_client_registration": .bool(store.oauth.dynamicClientRegistration),
      "default_scopes": .array(OAuthApplicationRecord.defaultScopes.map(JSONValue.string)),
      "oauth_jwt_access_tokens": .bool(store.oauth.jwtAccessTokens),
      "client_id_metadata_documents_advertised": false,
      "client_id_metadata_documents_only_allow_pre_registered_clients": false,
      "client_id_metadata_documents_block_implicitly_allowed_clients": false,
    ]
  }

  /// `POST /oauth_applications/access_tokens/verify` `{"access_token"}` (or the deprecated
  /// `secret`): the token as `clerk_idp_oauth_access_token` (times in seconds, as Clerk's
  /// examples), `{"active": false}` for an expired JWT, 404 for an unknown token.
  func verifyAccessToken(_ context: RequestContext) -> HTTPResponse {
    let plain = { (status: Int, code: String, message: String, long: String) -> HTTPResponse in
      self.json(
        [
          "errors": [
            ["message": .string(message), "long_message": .string(long), "code": .string(code)]
          ]
        ], status: status)
    }
    guard let bearer = context.bearerToken, ConstantTime.equals(bearer, secretKey) else {
      return clerkError(.secretKeyInvalid)
    }
    guard let body = context.jsonBody,
      let token = body["access_token"]?.stringValue ?? body["secret"]?.stringValue,
      !token.isEmpty
    else {
      return plain(400, "bad_request", "Bad Request", "Invalid 'body': access_token is required")
    }
    guard let presented = presentedAccessToken(token) else {
      return plain(404, "resource_not_found", "OAuth token not found", "OAuth token not found")
    }
    let record = presented.record
    let now = nowMilliseconds
    let expired = record.expiresAt.map { now >= $0 } ?? false
    if record.isJWT && expired { return json(["active": false]) }
    let revocation: String? = state.withStore { store in
      record.revocationReason ?? store.oauth.grants[record.grantID]?.revocationReason
        ?? (store.oauth.applications[record.clientID] == nil ? "application deleted" : nil)
    }
    return json([
      "object": "clerk_idp_oauth_access_token", "id": .string(record.id),
      "client_id": .string(record.clientID), "subject": .string(record.userID),
      "scopes": .array(record.scopes.map(JSONValue.string)), "revoked": .bool(revocation != nil),
      "revocation_reason": revocation.map(JSONValue.string) ?? .null, "expired": .bool(expired),
      "expiration": record.expiresAt.map { .int($0 / 1000) } ?? .null,
      "created_at": .int(record.createdAt / 1000), "updated_at": .int(record.updatedAt / 1000),
    ])
  }
}
