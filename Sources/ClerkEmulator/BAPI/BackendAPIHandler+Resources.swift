import ClerkctlCore
import ClerkctlWire
import Foundation

/// Email addresses and session creation over the Backend API.
///
/// `POST /v1/email_addresses` adds an address (`user_id` and `email_address` required; taken
/// anywhere is 422 `form_identifier_exists`); `verified` defaults to false, and `primary`
/// (or a user with no address yet) makes it the user's primary one. `PATCH` sets `verified` and
/// `primary`; `DELETE` removes a non-primary address (the primary one is 400
/// `identification_deletion_failed`). `POST /v1/sessions` starts an active session for a user
/// (a banned or locked one is 403 `user_banned`/`user_locked`) on a new client, optionally with
/// an `active_organization_id` the user belongs to.
extension BackendAPIHandler {
  func serveResource(
    _ endpoint: ResourceEndpoint, _ context: RequestContext, body: JSONValue, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    switch endpoint {
    case .createEmailAddress: return try createEmailAddress(body, store: &store, now: now)
    case .getEmailAddress, .updateEmailAddress, .deleteEmailAddress:
      return try emailAddress(
        endpoint, id: context.params["email_address_id"] ?? "", body, store: &store, now: now)
    case .createSession: return try createSession(body, store: &store, now: now)
    case .userMemberships:
      let id = context.params["user_id"] ?? ""
      guard store.users[id] != nil else { throw .notFound("user", id: id) }
      let (limit, offset) = try page(context.query)
      let all = store.memberships(ofUser: id)
      let data = all.dropFirst(offset).prefix(limit).map { store.membershipJSON($0, backend: true) }
      return ["data": .array(Array(data)), "total_count": .int(Int64(all.count))]
    case .createInstanceInvitation, .listInstanceInvitations, .revokeInstanceInvitation:
      return try serveInstanceInvitation(endpoint, context, body: body, store: &store, now: now)
    case .createInvitation, .listInvitations, .getInvitation, .revokeInvitation:
      return try serveInvitation(endpoint, context, body: body, store: &store, now: now)
    case .getOrganization, .updateOrganization, .deleteOrganization, .mergeOrganizationMetadata,
      .listMemberships, .updateMembership, .deleteMembership, .updateMembershipMetadata:
      return try serveOrganization(endpoint, context, body: body, store: &store, now: now)
    }
  }

  private func createEmailAddress(
    _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let userID = body["user_id"]?.stringValue, !userID.isEmpty else {
      throw .paramMissing("user_id")
    }
    guard let address = body["email_address"]?.stringValue, !address.isEmpty else {
      throw .paramMissing("email_address")
    }
    guard address.contains("@"), !address.hasPrefix("@"), !address.hasSuffix("@") else {
      throw ClerkAPIFailure(
        status: 422, code: "form_param_format_invalid", message: "is invalid",
        longMessage: "email_address must be a valid email address.", paramName: "email_address")
    }
    guard var user = store.users[userID] else { throw .notFound("user", id: userID) }
    guard !store.isEmailTaken(address) else { throw .emailAddressTaken }
    let record = EmailAddressRecord(
      id: random.id("idn"), userID: userID, emailAddress: address,
      verified: body["verified"]?.boolValue ?? false, createdAt: now, updatedAt: now)
    store.emailAddresses.append(record)
    if user.emailAddress == nil || body["primary"]?.boolValue == true {
      makePrimary(record.id, of: &user, store: &store, now: now)
    }
    user.updatedAt = now
    store.users[userID] = user
    return try emailAddressReply(record.id, store: store)
  }

  private func emailAddress(
    _ endpoint: ResourceEndpoint, id: String, _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let (record, found) = store.emailAddress(id: id) else {
      throw .notFound("email address", id: id)
    }
    var user = found
    let isPrimary = user.emailAddressID == id && user.emailAddress != nil
    switch endpoint {
    case .updateEmailAddress:
      if let verified = body["verified"]?.boolValue {
        if isPrimary {
          user.emailVerified = verified
        } else if let index = store.emailAddresses.firstIndex(where: { $0.id == id }) {
          store.emailAddresses[index].verified = verified
          store.emailAddresses[index].updatedAt = now
        }
      }
      if body["primary"]?.boolValue == true, !isPrimary {
        makePrimary(id, of: &user, store: &store, now: now)
      }
      user.updatedAt = now
      store.users[user.id] = user
    case .deleteEmailAddress:
      guard !isPrimary else { throw .primaryEmailDeletion }
      store.emailAddresses.removeAll { $0.id == id }
      user.updatedAt = now
      store.users[user.id] = user
      return Store.deleted(record.id, "email_address")
    case .getEmailAddress:
      break
    case .createEmailAddress, .createSession, .userMemberships, .createInstanceInvitation,
      .listInstanceInvitations, .revokeInstanceInvitation, .createInvitation, .listInvitations,
      .getInvitation, .revokeInvitation,
      .getOrganization, .updateOrganization, .deleteOrganization, .mergeOrganizationMetadata,
      .listMemberships, .updateMembership, .deleteMembership, .updateMembershipMetadata:
      throw .routeNotFound  // not one email address's endpoint: `serveResource`
    }
    return try emailAddressReply(id, store: store)
  }

  /// Swaps the address `id` with the user's primary one (which becomes an additional one).
  func makePrimary(_ id: String, of user: inout UserRecord, store: inout Store, now: Int64) {
    guard let index = store.emailAddresses.firstIndex(where: { $0.id == id }) else { return }
    let promoted = store.emailAddresses.remove(at: index)
    if let old = user.emailAddress {
      store.emailAddresses.append(
        EmailAddressRecord(
          id: user.emailAddressID, userID: user.id, emailAddress: old,
          verified: user.emailVerified, createdAt: user.createdAt, updatedAt: now))
    }
    user.emailAddressID = promoted.id
    user.emailAddress = promoted.emailAddress
    user.emailVerified = promoted.verified
  }

  private func emailAddressReply(_ id: String, store: Store) throws(ClerkAPIFailure) -> JSONValue {
    guard let (record, _) = store.emailAddress(id: id) else {
      throw .notFound("email address", id: id)
    }
    return store.emailAddressJSON(record)
  }

  private func createSession(
    _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let userID = body["user_id"]?.stringValue, !userID.isEmpty else {
      throw .paramMissing("user_id")
    }
    guard let user = store.users[userID] else { throw .notFound("user", id: userID) }
    try ClerkAPIFailure.checkAllowed(user, now: now)
    let client = ClientRecord(
      id: random.id("client"), rotatingToken: random.base62(20).lowercased(), token: "",
      signInID: nil, sessionIDs: [], lastActiveSessionID: nil, lastAuthenticationStrategy: nil,
      createdAt: now, updatedAt: now)
    var session = SessionRecord(
      id: random.id("sess"), clientID: client.id, userID: userID, status: .active,
      firstFactorAt: now, secondFactorAt: nil, lastActiveAt: now,
      expireAt: now + 7 * 86_400_000, abandonAt: now + 30 * 86_400_000,
      createdAt: now, updatedAt: now)
    if let organization = body["active_organization_id"]?.stringValue {
      session.lastActiveOrganizationID = try store.requestedOrganization(
        organization, for: session, bySlug: false)
    }
    var owner = client
    owner.sessionIDs = [session.id]
    owner.lastActiveSessionID = session.id
    store.clients[owner.id] = owner
    store.sessions[session.id] = session
    return store.backendSessionJSON(session)
  }
}
