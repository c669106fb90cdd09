import ClerkctlCore
import ClerkctlWire
import Foundation

/// Session endpoints, token minting, `GET /v1/me` and `GET /v1/me/organization_memberships`.
///
/// Without a valid client token these answer 401 `authentication_invalid`. A session that is
/// not in the caller's client, or is no longer active (ended, removed, revoked, expired), is
/// 404 `resource_not_found` "No session was found with id …" for tokens, touch and end;
/// `GET …/sessions/{id}` still shows an ended session. An unknown template is 404
/// "No JWT template exists with name: …". Touch's `active_organization_id` (id or slug) and a
/// token request's `organization_id` (id) set the session's active organization, empty clears
/// it, absent keeps it; an organization the user is not a member of is 404
/// `organization_not_found_or_unauthorized`.
extension FrontendAPIHandler {
  func sessionStep(
    _ endpoint: FrontendEndpoint.SessionStep, _ context: RequestContext, store: inout Store,
    client: ClientRecord?, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    guard var client else { throw .authenticationInvalid }
    switch endpoint {
    case .deleteSessions:
      for id in client.sessionIDs where store.sessions[id].map(isLive) ?? false {
        store.sessions[id]?.status = .removed
        store.sessions[id]?.updatedAt = now
      }
      client.lastActiveSessionID = nil
      client.updatedAt = now
      store.clients[client.id] = client
      let json = store.clientJSON(client, now: now)
      return .envelope(json, client: json)
    case .me, .myOrganizationMemberships:
      let id = context.query.nonEmpty("_clerk_session_id") ?? client.lastActiveSessionID ?? ""
      guard let session = store.sessions[id], session.clientID == client.id,
        session.status == .active, let user = store.users[session.userID]
      else { throw .authenticationInvalid }
      let response =
        endpoint == .me
        ? store.userJSON(user, now: now)
        : try organizationMemberships(context.query, user: user, store: store)
      return .envelope(response, client: store.clientJSON(client, now: now))
    case .getSession, .sessionToken, .templateToken, .touchSession, .endSession, .removeSession:
      break
    }
    let id = context.params["session_id"] ?? ""
    guard var session = store.sessions[id], session.clientID == client.id,
      session.status != .removed
    else { throw .notFound("session", id: id) }
    // Clerk answers a banned user's token requests with 403 `user_banned` (its sessions were
    // revoked by the ban).
    if endpoint == .sessionToken || endpoint == .templateToken,
      store.users[session.userID]?.banned == true
    {
      throw .userBanned
    }
    switch endpoint {
    case .getSession:
      break
    case .removeSession:
      guard isLive(session) else { throw .notFound("session", id: id) }
      session.status = .removed
    // (`deleteSessions`, `me` and `myOrganizationMemberships` were answered above.)
    case .sessionToken, .templateToken, .touchSession, .endSession, .deleteSessions, .me,
      .myOrganizationMemberships:
      guard session.status == .active else { throw .notFound("session", id: id) }
    }
    var reply = FrontendReply(body: .null)
    switch endpoint {
    case .sessionToken:
      try requestOrganization(
        context.form["organization_id"], session: &session, store: &store, now: now)
      reply.tokenClaims = sessionTokenClaims(session, store: store, now: now)
      return reply
    case .templateToken:
      let name = context.params["template_name"] ?? ""
      guard let template = store.templates[name] else { throw .templateNotFound(name) }
      try requestOrganization(
        context.form["organization_id"], session: &session, store: &store, now: now)
      reply.tokenClaims = templateTokenClaims(template, session: session, store: store, now: now)
      reply.tokenCategory = .template
      return reply
    case .touchSession:
      if let requested = context.form["active_organization_id"] {
        session.lastActiveOrganizationID = try store.requestedOrganization(
          requested, for: session, bySlug: true)
      }
      session.lastActiveAt = now
      client.lastActiveSessionID = session.id
    case .endSession:
      session.status = .ended
    case .getSession, .removeSession, .deleteSessions, .me, .myOrganizationMemberships:
      break
    }
    if endpoint != .getSession {
      session.updatedAt = now
      store.sessions[id] = session
      if client.lastActiveSessionID == id, session.status != .active {
        client.lastActiveSessionID = nil
      }
      client.updatedAt = now
      store.clients[client.id] = client
    }
    return .envelope(
      store.sessionJSON(session, now: now), client: store.clientJSON(client, now: now))
  }

  private func isLive(_ session: SessionRecord) -> Bool {
    session.status == .active || session.status == .ended
  }
}
