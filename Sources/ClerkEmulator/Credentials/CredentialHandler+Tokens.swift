import ClerkctlCore
import ClerkctlWire
import Foundation

/// Actor tokens and testing tokens (Backend API, `/v1` only).
///
/// - `POST /v1/actor_tokens` `{user_id, actor: {sub, …}, expires_in_seconds (3600),
///   session_max_duration_in_seconds (1800)}`: an `ActorToken` (200) whose `token` is a ticket
///   for a FAPI `strategy=ticket` sign-in; the session it creates carries `actor` and its
///   tokens the `act` claim, and ends after the maximum duration.
/// - `POST /v1/actor_tokens/{id}/revoke`: pending tokens only (400 once accepted).
/// - `POST /v1/testing_tokens`: `{object, token: "<iat>-c_…", expires_at}` (seconds, an hour).
extension CredentialHandler {
  func backendReply(
    _ endpoint: CredentialEndpoint, _ context: RequestContext, body: JSONValue,
    store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> (JSONValue, Int) {
    switch endpoint {
    case .createActorToken:
      return (try createActorToken(body, store: &store, now: now), 200)
    case .revokeActorToken:
      return (
        try revokeActorToken(context.params["actor_token_id"] ?? "", store: &store, now: now), 200
      )
    case .createTestingToken:
      let iat = now / 1000
      return (
        [
          "object": "testing_token", "token": .string("\(iat)-c_" + random.base62(40)),
          "expires_at": .int(iat + 3600),
        ], 200
      )
    case .backendListKeys, .backendCreateKey, .backendGetKey, .backendRevokeKey, .backendVerifyKey,
      .frontendListKeys, .frontendCreateKey, .frontendUpdateKey, .frontendRevokeKey:
      return try apiKeyBackendReply(endpoint, context, body: body, store: &store, now: now)
    }
  }

  private func createActorToken(
    _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    let allowed: Set<String> = [
      "user_id", "actor", "expires_in_seconds", "session_max_duration_in_seconds",
    ]
    if let unknown = body.objectValue?.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw .paramInvalid(unknown, "\(unknown) is not a valid parameter for this request")
    }
    guard let userID = body["user_id"]?.stringValue, !userID.isEmpty else {
      throw .paramMissing("user_id")
    }
    guard let actor = body["actor"], actor.objectValue != nil else { throw .paramMissing("actor") }
    guard let sub = actor["sub"]?.stringValue, !sub.isEmpty else {
      throw .paramMissing("actor.sub")
    }
    guard store.users[userID] != nil else { throw .notFound("user", id: userID) }
    let lifetime = body["expires_in_seconds"]?.intValue ?? 3600
    let maximum = body["session_max_duration_in_seconds"]?.intValue ?? 1800
    guard (1...315_360_000).contains(lifetime) else {
      throw .paramInvalid(
        "expires_in_seconds", "expires_in_seconds must be between 1 and 315360000")
    }
    guard (1...315_360_000).contains(maximum) else {
      throw .paramInvalid(
        "session_max_duration_in_seconds",
        "session_max_duration_in_seconds must be between 1 and 315360000")
    }
    let token = SignInTokenRecord(
      id: random.id("act"), userID: userID, token: random.base62(48), status: .pending,
      expiresAt: now + lifetime * 1000, createdAt: now, updatedAt: now, actor: actor,
      sessionMaxDuration: maximum)
    store.signInTokens[token.id] = token
    return actorTokenJSON(token, store: store, includeToken: true)
  }

  private func revokeActorToken(
    _ id: String, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard var token = store.signInTokens[id], token.actor != nil else {
      throw .notFound("actor token", id: id)
    }
    guard token.status == .pending else { throw .actorTokenCannotBeRevoked(token.status) }
    token.status = .revoked
    token.updatedAt = now
    store.signInTokens[id] = token
    return actorTokenJSON(token, store: store, includeToken: false)
  }

  /// BAPI `ActorToken`; `token` and `url` only at creation; times in milliseconds, as the
  /// sign-in token's are.
  private func actorTokenJSON(
    _ token: SignInTokenRecord, store: Store, includeToken: Bool
  ) -> JSONValue {
    var json: [String: JSONValue] = [
      "object": "actor_token", "id": .string(token.id), "status": .string(token.status.rawValue),
      "user_id": .string(token.userID), "actor": token.actor ?? [:],
      "created_at": .int(token.createdAt), "updated_at": .int(token.updatedAt),
    ]
    if includeToken {
      json["token"] = .string(token.token)
      json["url"] = .string(store.baseURL + "/v1/tickets/accept?ticket=" + token.token)
    }
    return .object(json)
  }
}
