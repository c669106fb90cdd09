import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE
import ClerkctlWire
import Foundation

/// Frontend API plumbing: the native flag, the client token, the envelope, and the endpoints
/// that need no sign-in (environment, client, well-known documents).
///
/// Client tokens are JWTs `{"id": client id, "rotating_token", "iat"}` signed with the instance
/// key. One is issued when a tokenless sign-in creates a client and again (rotated) when a
/// sign-in completes; it comes back bare in the response `Authorization` header. A request's
/// token is accepted only if it is the client's current one; any other token counts as none.
extension FrontendAPIHandler {
  func serveFrontend(_ endpoint: FrontendEndpoint, _ context: RequestContext) -> HTTPResponse {
    switch endpoint {
    case .jwks: return json(jwks.json, headers: ["Cache-Control": "public, max-age=60"])
    case .openIDConfiguration: return json(openIDConfiguration())
    case .environment: return json(environmentJSON())
    case .oauthCallback: return oauthCallback(context)
    case .getClient, .deleteClient, .createSignIn, .createSignUp, .signIn, .session: break
    }
    guard context.isNative else { return clerkError(.devBrowserUnauthenticated) }
    let token = context.bearerToken
    // Only the payload is decoded: the token counts only if it is the client's current one,
    // compared whole below.
    let claimedClientID = token.flatMap { try? JWT.unverifiedPayload(of: $0) }?["id"]?.stringValue
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
        if endpoint == .signIn(.get), let nonce = context.query.nonEmpty("rotating_token_nonce") {
          return try redeemNonce(nonce, context, token: token, store: &store, now: now)
        }
        return try frontendReply(endpoint, context, store: &store, client: client, now: now)
      }
    }
    switch outcome {
    case .failure(let failure): return clerkError(failure)
    case .success(let reply):
      return finish(reply.authorizedParty(context.request.headers["Origin"]))
    }
  }

  private func frontendReply(
    _ endpoint: FrontendEndpoint, _ context: RequestContext, store: inout Store,
    client: ClientRecord?, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    switch endpoint {
    case .getClient:
      guard let client else { return .envelope(.null, client: .null) }
      let json = store.clientJSON(client, now: now)
      return .envelope(json, client: json)
    case .deleteClient:
      guard let client else { return .envelope(.null, client: .null) }
      for id in client.sessionIDs where store.sessions[id]?.status == .active {
        store.sessions[id]?.status = .ended
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
    case .signIn(let step):
      return try signInStep(step, context, store: &store, client: client, now: now)
    case .session(let step):
      return try sessionStep(step, context, store: &store, client: client, now: now)
    case .environment, .jwks, .openIDConfiguration, .oauthCallback:
      throw .routeNotFound  // answered by `serveFrontend` before any client is looked up
    }
  }

  /// Signs what the handler asked for (outside the lock) and builds the response.
  private func finish(_ reply: FrontendReply) -> HTTPResponse {
    if let claims = reply.tokenClaims {
      guard reply.tokenCategory == .session else {
        return tokenResponse(claims, category: reply.tokenCategory)
      }
      return rememberedSessionTokenResponse(claims)
    }
    let body = withLastActiveTokens(reply.body)
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
    return json(body, headers: headers)
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

  /// OpenID Connect discovery, the OAuth provider's (see `OAuthDiscovery`).
  private func openIDConfiguration() -> JSONValue { OAuthDiscovery.openIDConfiguration(baseURL) }

}
