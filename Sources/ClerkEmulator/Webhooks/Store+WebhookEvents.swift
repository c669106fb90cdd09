import ClerkctlCore
import ClerkctlWire

/// The webhook events a change of the store stands for, found by comparing it with the store
/// as it was after the last comparison: whichever route made a change (Frontend, Backend or
/// test surface), its event follows.
extension Store {
  /// The events that take `previous` to `self`: creations and updates first (users,
  /// organizations, memberships, invitations, then sessions), deletions last (memberships, organizations,
  /// users), each kind oldest first.
  ///
  /// A user's `last_sign_in_at` alone is no `user.updated` (Clerk sends none for a sign-in); a
  /// session sends `session.created` when it appears and `session.ended`, `session.removed` or
  /// `session.revoked` when its status becomes that (an expiry sends nothing).
  func webhookEvents(since previous: Store) -> [WebhookEvent] {
    var events: [WebhookEvent] = []
    for id in userOrder {
      guard let user = users[id] else { continue }
      guard let old = previous.users[id] else {
        events.append(WebhookEvent(type: "user.created", data: userJSON(user, backend: true)))
        continue
      }
      if Self.significant(old) != Self.significant(user)
        || emailAddresses.filter({ $0.userID == id })
          != previous.emailAddresses.filter({ $0.userID == id })
      {
        events.append(WebhookEvent(type: "user.updated", data: userJSON(user, backend: true)))
      }
    }
    for id in organizationOrder {
      guard let organization = organizations[id] else { continue }
      let data = organizationJSON(organization, backend: true)
      switch previous.organizations[id] {
      case nil: events.append(WebhookEvent(type: "organization.created", data: data))
      case let old? where old != organization:
        events.append(WebhookEvent(type: "organization.updated", data: data))
      default: break
      }
    }
    let oldMemberships = Dictionary(
      previous.memberships.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for membership in memberships {
      let data = membershipJSON(membership, backend: true)
      switch oldMemberships[membership.id] {
      case nil: events.append(WebhookEvent(type: "organizationMembership.created", data: data))
      case let old? where old != membership:
        events.append(WebhookEvent(type: "organizationMembership.updated", data: data))
      default: break
      }
    }
    let oldInvitations = Dictionary(
      previous.invitations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for invitation in invitations {
      let data = invitationJSON(invitation, now: invitation.updatedAt)
      switch oldInvitations[invitation.id]?.status {
      case nil: events.append(WebhookEvent(type: "organizationInvitation.created", data: data))
      case let old? where old != invitation.status && invitation.status == .revoked:
        events.append(WebhookEvent(type: "organizationInvitation.revoked", data: data))
      default: break
      }
    }
    let changed = sessions.values.filter { previous.sessions[$0.id] != $0 }
      .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    for session in changed {
      let old = previous.sessions[session.id]
      let data = backendSessionJSON(session)
      if old == nil { events.append(WebhookEvent(type: "session.created", data: data)) }
      guard old?.status != session.status else { continue }
      switch session.status {
      case .ended: events.append(WebhookEvent(type: "session.ended", data: data))
      case .removed: events.append(WebhookEvent(type: "session.removed", data: data))
      case .revoked: events.append(WebhookEvent(type: "session.revoked", data: data))
      default: break
      }
    }
    let current = Set(memberships.map(\.id))
    for membership in previous.memberships where !current.contains(membership.id) {
      events.append(
        WebhookEvent(
          type: "organizationMembership.deleted",
          data: previous.membershipJSON(membership, backend: true)))
    }
    for id in previous.organizationOrder where organizations[id] == nil {
      guard previous.organizations[id] != nil else { continue }
      events.append(
        WebhookEvent(type: "organization.deleted", data: Self.deleted(id, "organization")))
    }
    for id in previous.userOrder where users[id] == nil {
      guard previous.users[id] != nil else { continue }
      events.append(WebhookEvent(type: "user.deleted", data: Self.deleted(id, "user")))
    }
    return events
  }

  /// The `data` of a deletion event: `{deleted: true, id, object}`.
  static func deleted(_ id: String, _ object: String) -> JSONValue {
    ["deleted": true, "id": .string(id), "object": .string(object)]
  }

  /// A user without what a sign-in changes (`last_sign_in_at`, `updated_at`).
  private static func significant(_ user: UserRecord) -> UserRecord {
    var user = user
    user.lastSignInAt = nil
    user.updatedAt = 0
    return user
  }
}
