import ClerkKit
import Foundation

/// Frontend API plumbing: the native flag, the client token, the envelope, and the endpoints
/// that need no sign-in (environment, client, well-known documents).
///
/// Client tokens are JWTs `{"id": client id, "rotating_token", "iat"}` signed with the instance
/// key. One is issued when a tokenless sign-in creates a client and again (rotated) when a
/// sign-in completes; it comes back bare in the response `Authorization` header. A request's
/// token is accepted only if it is the client's current one; any other token counts as none.
extension Emulator {
  func serveFrontend(_ endpoint: Endpoint, _ context: RequestContext) -> HTTPResponse {
    switch endpoint {
    case .jwks: return json(jwks.json, headers: ["Cache-Control": "public, max-age=60"])
    case .openIDConfiguration: return json(openIDConfiguration())
    case .environment: return json(environmentJSON())
    case .oauthCallback: return oauthCallback(context)
    default: break
    }
    guard context.isNative else { return clerkError(.devBrowserUnauthenticated) }
    let token = context.bearerToken
    let claimedClientID = token.flatMap { try? JWT($0) }?.payload["id"]?.stringValue
    let now = nowMilliseconds
    let outcome: Result<FrontendReply, ClerkAPIFailure> = state.withStore { store in
      var client: ClientRecord?
      if let token, let claimedClientID, let found = store.clients[claimedClientID],
        ConstantTime.equals(found.token, token)
      {
        store.expireSessions(of: found.id, now: now)
        client = store.clients[found.id]
      }
      return Result { () throws(ClerkAPIFailure) -> FrontendReply in
        if endpoint == .getSignIn, let nonce = context.query.nonEmpty("rotating_token_nonce") {
          return try redeemNonce(nonce, context, token: token, store: &store, now: now)
        }
        return try frontendReply(endpoint, context, store: &store, client: client, now: now)
      }
    }
    switch outcome {
    case .failure(let failure): return clerkError(failure)
    case .success(let reply): return finish(reply)
    }
  }

  private func frontendReply(
    _ endpoint: Endpoint, _ context: RequestContext, store: inout Store, client: ClientRecord?,
    now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    switch endpoint {
    case .getClient:
      guard let client else { return .envelope(.null, client: .null) }
      let json = store.clientJSON(client, now: now)
      return .envelope(json, client: json)
    case .deleteClient:
      guard let client else { return .envelope(.null, client: .null) }
      for id in client.sessionIDs where store.sessions[id]?.status == "active" {
        store.sessions[id]?.status = "ended"
        store.sessions[id]?.updatedAt = now
      }
      let json = store.clientJSON(client, now: now)
      store.clients[client.id] = nil
      var reply = FrontendReply.envelope(json, client: .null)
      reply.clearClientToken = true
      return reply
    case .createSignIn:
      return try createSignIn(context, store: &store, client: client, now: now)
    case .createSignUp:
      return try createTransferSignUp(context, store: &store, client: client, now: now)
    case .getSignIn, .prepareFirstFactor, .attemptFirstFactor, .prepareSecondFactor,
      .attemptSecondFactor:
      return try signInStep(endpoint, context, store: &store, client: client, now: now)
    case .sessionToken, .templateToken, .touchSession, .endSession, .removeSession,
      .deleteSessions, .getSession, .me:
      return try sessionStep(endpoint, context, store: &store, client: client, now: now)
    default:
      throw .routeNotFound
    }
  }

  /// Signs what the handler asked for (outside the lock) and builds the response.
  private func finish(_ reply: FrontendReply) -> HTTPResponse {
    if let claims = reply.tokenClaims { return tokenResponse(claims) }
    var headers: HTTPHeaders = [:]
    if let issue = reply.issueClientToken {
      let jwt: String
      do { jwt = try signer.sign(claims: issue.claims) } catch {
        return clerkError(.signingFailed(error))
      }
      state.withStore { $0.clients[issue.clientID]?.token = jwt }
      headers.add(name: "Authorization", value: jwt)
    } else if reply.clearClientToken {
      headers.add(name: "Authorization", value: "")
    }
    return json(reply.body, headers: headers)
  }

  /// A new client with a fresh rotating token; its JWT is issued by `finish`.
  func newClient(_ store: inout Store, now: Int64) -> ClientRecord {
    let client = ClientRecord(
      id: random.id("client"), rotatingToken: random.base62(20).lowercased(), token: "",
      signInID: nil, sessionIDs: [], lastActiveSessionID: nil, lastAuthenticationStrategy: nil,
      createdAt: now, updatedAt: now)
    store.clients[client.id] = client
    return client
  }

  /// The request's client, or a new one whose token `reply` issues (a tokenless sign-in).
  func owningClient(
    _ client: ClientRecord?, reply: inout FrontendReply, store: inout Store, now: Int64
  ) -> ClientRecord {
    if let client { return client }
    let owner = newClient(&store, now: now)
    reply.issueClientToken = (owner.id, clientTokenClaims(owner, now: now))
    return owner
  }

  /// The claims of a client's token.
  func clientTokenClaims(_ client: ClientRecord, now: Int64) -> JSONValue {
    [
      "id": .string(client.id), "rotating_token": .string(client.rotatingToken),
      "iat": .int(now / 1000),
    ]
  }

  private func openIDConfiguration() -> JSONValue {
    let base = baseURL
    return [
      "issuer": .string(base), "jwks_uri": .string(base + "/.well-known/jwks.json"),
      "authorization_endpoint": .string(base + "/oauth/authorize"),
      "token_endpoint": .string(base + "/oauth/token"),
      "userinfo_endpoint": .string(base + "/oauth/userinfo"),
      "revocation_endpoint": .string(base + "/oauth/token/revoke"),
      "introspection_endpoint": .string(base + "/oauth/token_info"),
      "response_types_supported": ["code"], "subject_types_supported": ["public"],
      "id_token_signing_alg_values_supported": ["RS256"],
      "scopes_supported": ["openid", "profile", "email"],
      "grant_types_supported": ["authorization_code", "refresh_token"],
      "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
      "claims_supported": ["sub", "iss", "aud", "exp", "iat", "email", "name"],
      "code_challenge_methods_supported": ["S256"],
    ]
  }

  private func environmentJSON() -> JSONValue {
    let base = baseURL
    let attribute: (Bool, [String]) -> JSONValue = { enabled, firstFactors in
      [
        "enabled": .bool(enabled), "required": .bool(enabled),
        "used_for_first_factor": .bool(!firstFactors.isEmpty),
        "first_factors": .array(firstFactors.map(JSONValue.string)),
        "used_for_second_factor": false, "second_factors": [],
        "verifications": .array(firstFactors.map(JSONValue.string)),
        "verify_at_sign_up": .bool(!firstFactors.isEmpty),
      ]
    }
    return [
      "auth_config": [
        "object": "auth_config", "id": .string("aac_" + instanceID.dropFirst(4)),
        "first_name": "on", "last_name": "on", "email_address": "on", "phone_number": "off",
        "username": "off", "password": "on",
        "identification_requirements": [["email_address"]],
        "identification_strategies": ["email_address"],
        "first_factors": ["email_code", "password", "ticket"],
        "second_factors": ["totp", "email_code"],
        "email_address_verification_strategies": ["email_code"],
        "single_session_mode": true, "enhanced_email_deliverability": false,
        "test_mode": true, "cookieless_dev": false, "url_based_session_syncing": true,
        "claimed_at": nil, "reverification": false, "session_minter": false,
      ],
      "display_config": [
        "object": "display_config", "id": .string("display_config_" + instanceID.dropFirst(4)),
        "instance_environment_type": .string(isProduction ? "production" : "development"),
        "application_name": "clerk-emulator",
        "preferred_sign_in_strategy": "password", "branded": false,
        "home_url": .string(base), "sign_in_url": .string(base + "/sign-in"),
        "sign_up_url": .string(base + "/sign-up"), "user_profile_url": .string(base + "/user"),
        "after_sign_in_url": .string(base), "after_sign_up_url": .string(base),
        "after_sign_out_one_url": .string(base), "after_sign_out_all_url": .string(base),
        "support_email": nil, "logo_image_url": "", "favicon_image_url": "",
        "captcha_public_key": nil, "captcha_widget_type": nil,
      ],
      "user_settings": [
        "attributes": [
          "email_address": attribute(true, ["email_code"]),
          "password": attribute(true, []), "first_name": attribute(true, []),
          "last_name": attribute(true, []), "username": attribute(false, []),
          "phone_number": attribute(false, []),
          "authenticator_app": [
            "enabled": true, "required": false, "used_for_first_factor": false,
            "first_factors": [], "used_for_second_factor": true, "second_factors": ["totp"],
            "verifications": ["totp"], "verify_at_sign_up": false,
          ],
        ],
        "social": socialJSON(), "enterprise_sso": ["enabled": true],
        "saml": ["enabled": false],
        "sign_in": ["second_factor": ["required": false]],
        "sign_up": [
          "captcha_enabled": false, "custom_action_required": false, "progressive": true,
          "mode": "public", "legal_consent_enabled": false,
        ],
        "password_settings": [
          "min_length": 8, "max_length": 72, "disable_hibp": true, "require_special_char": false,
          "require_numbers": false, "require_uppercase": false, "require_lowercase": false,
          "show_zxcvbn": false, "min_zxcvbn_strength": 0, "allowed_special_characters": "",
        ],
        "actions": ["delete_self": true, "create_organization": false],
        "attack_protection": [
          "user_lockout": ["enabled": false, "max_attempts": 100, "duration_in_minutes": 60],
          "pii": ["enabled": false], "email_link": ["require_same_client": false],
        ],
        "passkey_settings": ["allow_autofill": false, "show_sign_in_button": false],
      ],
      "organization_settings": [
        "enabled": false, "max_allowed_memberships": 5, "force_organization_selection": false,
        "actions": ["admin_delete": true], "domains": ["enabled": false],
      ],
      "maintenance_mode": false, "client_debug_mode": false, "partitioned_cookies": false,
    ]
  }
}
