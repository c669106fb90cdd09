import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE
import ClerkctlWire
import Foundation

/// The Backend API subset: `Authorization: Bearer <secret key>`, JSON bodies, bare objects,
/// errors in Clerk's envelope. A missing or non-Bearer header is 401
/// `authorization_header_format_invalid`; a wrong key is 401 `authentication_invalid`.
///
/// Served: `POST /v1/sign_in_tokens` (+ `/{id}/revoke`), `GET|POST /v1/users`,
/// `GET /v1/users/{id}`, `GET /v1/jwks`, `GET|POST /v1/jwt_templates`,
/// `GET|PATCH /v1/jwt_templates/{id}`, `GET /v1/sessions`, `GET /v1/sessions/{id}`,
/// `POST /v1/sessions/{id}/revoke`, `POST /v1/sessions/{id}/tokens[/{template}]`
/// (`expires_in_seconds` overrides the lifetime), `GET|POST /v1/organizations` and
/// `POST /v1/organizations/{id}/memberships`.
extension BackendAPIHandler {
  func serveBackend(_ endpoint: BackendEndpoint, _ context: RequestContext) -> HTTPResponse {
    let header = context.request.headers["Authorization"]?.trimmingSpaces ?? ""
    guard header.lowercased().hasPrefix("bearer "), let key = context.bearerToken else {
      return clerkError(
        ClerkAPIFailure(
          status: 401, code: "authorization_header_format_invalid",
          message: "Invalid Authorization header format",
          longMessage: "Must be 'Bearer <YOUR_API_KEY>'"))
    }
    guard ConstantTime.equals(key, secretKey) else {
      return clerkError(.secretKeyInvalid)
    }
    let body: JSONValue
    if context.method == "POST" || context.method == "PATCH" {
      guard let parsed = context.jsonBody else {
        return clerkError(
          ClerkAPIFailure(
            status: 422, code: "form_param_format_invalid", message: "is invalid",
            longMessage: "The request body must be a JSON object."))
      }
      body = parsed
    } else {
      body = [:]
    }
    // The JWKS may wait for the signing key (still being generated): never holding the store.
    if endpoint == .jwks { return json(jwks.json) }
    let now = nowMilliseconds
    let isToken = endpoint == .sessionToken || endpoint == .templateToken
    let outcome: Result<JSONValue, ClerkAPIFailure> = state.withStore { store in
      Result { () throws(ClerkAPIFailure) -> JSONValue in
        if isToken {
          return try backendTokenClaims(endpoint, context, body: body, store: store, now: now)
        }
        return try backendReply(endpoint, context, body: body, store: &store, now: now)
      }
    }
    switch outcome {
    case .success(let value):
      guard isToken else { return json(value) }
      return tokenResponse(
        value, category: endpoint == .templateToken ? .template : .session)
    case .failure(let failure): return clerkError(failure)
    }
  }

  /// The claims for `POST /v1/sessions/{id}/tokens[/{template}]` (signed after the lock):
  /// the session must be active; `expires_in_seconds` (30…315360000) overrides the lifetime.
  private func backendTokenClaims(
    _ endpoint: BackendEndpoint, _ context: RequestContext, body: JSONValue, store: Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    let id = context.params["session_id"] ?? ""
    guard let session = store.sessions[id], session.status == .active else {
      throw .notFound("session", id: id)
    }
    let lifetime = body["expires_in_seconds"]?.intValue
    if let lifetime, !(30...315_360_000).contains(lifetime) {
      throw .paramInvalid(
        "expires_in_seconds", "expires_in_seconds must be between 30 and 315360000")
    }
    if endpoint == .templateToken {
      let name = context.params["template_name"] ?? ""
      guard var template = store.templates[name] else { throw .templateNotFound(name) }
      if let lifetime { template.lifetime = lifetime }
      return templateTokenClaims(template, session: session, store: store, now: now)
    }
    return sessionTokenClaims(session, store: store, now: now, lifetime: lifetime)
  }

  private func backendReply(
    _ endpoint: BackendEndpoint, _ context: RequestContext, body: JSONValue, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    switch endpoint {
    case .listUsers:
      return try listUsers(context.query, store: store, now: now)
    case .countUsers:
      return countUsers(context.query, store: store)
    case .createUser:
      return try createUser(body, store: &store, now: now)
    case .getUser:
      let id = context.params["user_id"] ?? ""
      guard let user = store.users[id] else { throw .notFound("user", id: id) }
      return store.userJSON(user, backend: true, now: now)
    case .listSessions:
      return try listSessions(context.query, store: &store, now: now)
    case .getSession:
      let id = context.params["session_id"] ?? ""
      store.expireSession(id, now: now)
      guard let session = store.sessions[id] else { throw .notFound("session", id: id) }
      return store.backendSessionJSON(session)
    case .listTemplates:
      return .array(store.templateOrder.compactMap { store.templates[$0] }.map(templateJSON))
    case .createTemplate:
      return try createTemplate(body, store: &store, now: now)
    case .getTemplate:
      return templateJSON(try template(id: context.params["template_id"] ?? "", store: store))
    case .updateTemplate:
      return try updateTemplate(
        id: context.params["template_id"] ?? "", body, store: &store, now: now)
    case .createSignInToken:
      return try createSignInToken(body, store: &store, now: now)
    case .revokeSignInToken:
      return try revokeSignInToken(
        context.params["sign_in_token_id"] ?? "", store: &store, now: now)
    case .listOrganizations:
      return try listOrganizations(context.query, store: store)
    case .createOrganization:
      return try createOrganization(body, store: &store, now: now)
    case .createOrganizationMembership:
      return try createOrganizationMembership(
        organizationID: context.params["organization_id"] ?? "", body, store: &store, now: now)
    case .revokeSession:
      let id = context.params["session_id"] ?? ""
      guard store.sessions[id] != nil else { throw .notFound("session", id: id) }
      store.sessions[id]?.status = .revoked
      store.sessions[id]?.updatedAt = now
      if let clientID = store.sessions[id]?.clientID,
        store.clients[clientID]?.lastActiveSessionID == id
      {
        store.clients[clientID]?.lastActiveSessionID = nil
      }
      return store.sessions[id].map { store.backendSessionJSON($0) } ?? .null
    case .users(let userEndpoint):
      return try serveUser(userEndpoint, context, body: body, store: &store, now: now)
    case .resources(let resourceEndpoint):
      return try serveResource(resourceEndpoint, context, body: body, store: &store, now: now)
    case .jwks, .sessionToken, .templateToken:
      throw .routeNotFound  // answered by `serveBackend`: the JWKS unlocked, tokens signed after
    }
  }

  /// Revokes a session for the test surface (no secret key needed there).
  func revokeSession(_ id: String) -> HTTPResponse {
    let now = nowMilliseconds
    let outcome: Result<JSONValue, ClerkAPIFailure> = state.withStore { store in
      Result { () throws(ClerkAPIFailure) -> JSONValue in
        var context = RequestContext(HTTPServerRequest(method: "POST", target: "/"))
        context.params["session_id"] = id
        return try backendReply(.revokeSession, context, body: [:], store: &store, now: now)
      }
    }
    switch outcome {
    case .success(let value): return json(value)
    case .failure(let failure): return clerkError(failure)
    }
  }

  /// `limit` (1…500, default 10) and `offset` (≥ 0, default 0): Clerk's list pagination.
  func page(_ query: FormData) throws(ClerkAPIFailure) -> (limit: Int, offset: Int) {
    let limit = query["limit"].flatMap { Int($0) } ?? 10
    let offset = query["offset"].flatMap { Int($0) } ?? 0
    guard (1...500).contains(limit) else { throw .paramInvalid("limit", "limit must be 1…500") }
    guard offset >= 0 else { throw .paramInvalid("offset", "offset must be >= 0") }
    return (limit, offset)
  }

  private func createUser(
    _ body: JSONValue, store: inout Store, now: Int64
  )
    throws(ClerkAPIFailure) -> JSONValue
  {
    let emails =
      body["email_address"]?.arrayValue?.compactMap(\.stringValue)
      ?? body["email_address"]?.stringValue.map { [$0] } ?? []
    guard let email = emails.first, email.contains("@") else {
      throw .paramMissing("email_address")
    }
    if store.user(identifier: email) != nil {
      throw ClerkAPIFailure(
        status: 422, code: "form_identifier_exists",
        message: "That email address is taken. Please try another.",
        longMessage: "That email address is taken. Please try another.",
        paramName: "email_address")
    }
    if let password = body["password"]?.stringValue, password.count < 8 {
      throw ClerkAPIFailure(
        status: 422, code: "form_password_length_too_short",
        message: "Passwords must be 8 characters or more.",
        longMessage: "Passwords must be 8 characters or more.", paramName: "password")
    }
    var user = UserRecord(
      id: random.id("user"), emailAddressID: random.id("idn"), emailAddress: email,
      password: body["password"]?.stringValue, totpSecret: nil,
      firstName: body["first_name"]?.stringValue, lastName: body["last_name"]?.stringValue,
      username: body["username"]?.stringValue,
      publicMetadata: body["public_metadata"].flatMap { $0.objectValue == nil ? nil : $0 } ?? [:],
      createdAt: now, updatedAt: now, lastSignInAt: nil)
    user.banned = body["banned"]?.boolValue ?? false
    if body["locked"]?.boolValue == true {
      user.locked = true
      user.lockedUntil = now + UserRecord.lockoutDuration
    }
    store.users[user.id] = user
    store.userOrder.append(user.id)
    return store.userJSON(user, backend: true, now: now)
  }

  private func createSignInToken(
    _ body: JSONValue, store: inout Store, now: Int64
  )
    throws(ClerkAPIFailure) -> JSONValue
  {
    guard let userID = body["user_id"]?.stringValue, !userID.isEmpty else {
      throw .paramMissing("user_id")
    }
    guard store.users[userID] != nil else { throw .notFound("user", id: userID) }
    let lifetime = body["expires_in_seconds"]?.intValue ?? 2_592_000
    guard (1...315_360_000).contains(lifetime) else {
      throw .paramInvalid(
        "expires_in_seconds", "expires_in_seconds must be between 1 and 315360000")
    }
    let token = SignInTokenRecord(
      id: random.id("sit"), userID: userID, token: random.base62(48), status: .pending,
      expiresAt: now + lifetime * 1000, createdAt: now, updatedAt: now)
    store.signInTokens[token.id] = token
    return signInTokenJSON(token, store: store, includeToken: true)
  }

  /// Revokes a `pending` sign-in token; any other status is 400
  /// `sign_in_token_cannot_be_revoked_code` (by analogy with the other sign-in-token codes).
  private func revokeSignInToken(
    _ id: String, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard var token = store.signInTokens[id] else { throw .notFound("sign in token", id: id) }
    guard token.status == .pending else {
      throw ClerkAPIFailure(
        status: 400, code: "sign_in_token_cannot_be_revoked_code",
        message: "Sign in token cannot be revoked",
        longMessage: "Only pending sign in tokens can be revoked; this one is \(token.status).")
    }
    token.status = .revoked
    token.updatedAt = now
    store.signInTokens[id] = token
    return signInTokenJSON(token, store: store, includeToken: false)
  }

  /// BAPI `SignInToken`; `token` and `url` only when it is created.
  private func signInTokenJSON(
    _ token: SignInTokenRecord, store: Store, includeToken: Bool
  ) -> JSONValue {
    var json: [String: JSONValue] = [
      "object": "sign_in_token", "id": .string(token.id), "status": .string(token.status.rawValue),
      "user_id": .string(token.userID), "created_at": .int(token.createdAt),
      "updated_at": .int(token.updatedAt),
    ]
    if includeToken {
      json["token"] = .string(token.token)
      json["url"] = .string(store.baseURL + "/v1/tickets/accept?ticket=" + token.token)
    }
    return .object(json)
  }
}
