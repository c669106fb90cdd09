import ClerkctlCore
import Foundation

/// One organization over the Backend API: `GET` (by id or slug), `PATCH` (name, slug,
/// `max_allowed_memberships`, metadata replaced), `DELETE` (its memberships and invitations
/// go), `PATCH …/metadata` (merged as Clerk merges), and its memberships: the list
/// (`{"data","total_count"}`, newest first, filtered by `user_id`, `role` and
/// `email_address`, ordered by `order_by`), a role change, a metadata merge and a removal.
/// Demoting or removing
/// the last `org:admin` is 400 `organization_minimum_permissions_needed`.
extension BackendAPIHandler {
  func serveOrganization(
    _ endpoint: ResourceEndpoint, _ context: RequestContext, body: JSONValue, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    let key = context.params["organization_id"] ?? ""
    guard var organization = store.organization(idOrSlug: key) else {
      throw .organizationNotFound
    }
    let id = organization.id
    switch endpoint {
    case .getOrganization:
      let counts = context.query["include_members_count"]?.lowercased() == "true"
      return store.organizationJSON(organization, backend: true, withMembersCount: counts)
    case .updateOrganization:
      try update(&organization, body, store: store)
    case .mergeOrganizationMetadata:
      for (name, path) in [
        ("public_metadata", \OrganizationRecord.publicMetadata),
        ("private_metadata", \OrganizationRecord.privateMetadata),
      ] {
        guard let value = body[name], value != .null else { continue }
        guard value.objectValue != nil else {
          throw .paramInvalid(name, "\(name) must be an object")
        }
        organization[keyPath: path] = Self.merged(organization[keyPath: path], value)
      }
    case .deleteOrganization:
      store.organizations[id] = nil
      store.organizationOrder.removeAll { $0 == id }
      store.memberships.removeAll { $0.organizationID == id }
      store.invitations.removeAll { $0.organizationID == id }
      for (sessionID, session) in store.sessions where session.lastActiveOrganizationID == id {
        store.sessions[sessionID]?.lastActiveOrganizationID = nil
      }
      return Store.deleted(id, "organization")
    case .listMemberships:
      return try listMemberships(of: id, context.query, store: store)
    case .updateMembership, .deleteMembership, .updateMembershipMetadata:
      return try changeMembership(
        endpoint, organizationID: id, userID: context.params["user_id"] ?? "", body,
        store: &store, now: now)
    case .createEmailAddress, .getEmailAddress, .updateEmailAddress, .deleteEmailAddress,
      .createSession, .userMemberships, .createInvitation, .listInvitations, .getInvitation,
      .revokeInvitation, .createInstanceInvitation, .listInstanceInvitations,
      .revokeInstanceInvitation:
      throw .routeNotFound  // not an organization endpoint: `serveResource`
    }
    organization.updatedAt = now
    store.organizations[id] = organization
    return store.organizationJSON(organization, backend: true, withMembersCount: false)
  }

  private func update(
    _ organization: inout OrganizationRecord, _ body: JSONValue, store: Store
  ) throws(ClerkAPIFailure) {
    if let value = body["name"], value != .null {
      guard let name = value.stringValue, !name.trimmingSpaces.isEmpty else {
        throw .paramInvalid("name", "name must not be empty")
      }
      organization.name = name
    }
    if let slug = body["slug"]?.stringValue, slug != organization.slug {
      guard EmulatorConfiguration.isValidSlug(slug) else {
        throw ClerkAPIFailure(
          status: 422, code: "form_param_format_invalid", message: "is invalid",
          longMessage:
            "slug can contain only lowercase alphanumeric characters and the dash \"-\".",
          paramName: "slug")
      }
      guard store.organization(idOrSlug: slug) == nil else { throw .organizationSlugTaken }
      organization.slug = slug
    }
    if let value = body["max_allowed_memberships"], value != .null {
      guard let number = value.intValue, number >= 0 else {
        throw .paramInvalid(
          "max_allowed_memberships", "max_allowed_memberships must be an integer >= 0")
      }
      organization.maxAllowedMemberships = number
    }
    for (name, path) in [
      ("public_metadata", \OrganizationRecord.publicMetadata),
      ("private_metadata", \OrganizationRecord.privateMetadata),
    ] {
      guard let value = body[name], value != .null else { continue }
      guard value.objectValue != nil else { throw .paramInvalid(name, "\(name) must be an object") }
      organization[keyPath: path] = value
    }
  }

  private func listMemberships(
    of organizationID: String, _ query: FormData, store: Store
  ) throws(ClerkAPIFailure) -> JSONValue {
    let (limit, offset) = try page(query)
    let userIDs = Set(query.values("user_id") + query.values("user_id[]"))
    let roles = Set(query.values("role") + query.values("role[]"))
    let emails = Set(
      (query.values("email_address") + query.values("email_address[]")).map { $0.lowercased() })
    var members = store.memberships.filter { $0.organizationID == organizationID }.reversed()
      .filter { membership in
        let user = store.users[membership.userID]
        return (userIDs.isEmpty || userIDs.contains(membership.userID))
          && (roles.isEmpty || roles.contains(membership.role))
          && (emails.isEmpty
            || user.map { store.emailAddresses(of: $0) }?.contains {
              emails.contains($0.emailAddress.lowercased())
            } == true)
      }
    if let order = query.nonEmpty("order_by") {
      members = try Self.ordered(Array(members), by: order, store: store)
    }
    let data = members.dropFirst(offset).prefix(limit).map {
      store.membershipJSON($0, backend: true)
    }
    return ["data": .array(Array(data)), "total_count": .int(Int64(members.count))]
  }

  /// Sorts memberships by `created_at` or a user field, `-` for descending; ties keep the
  /// newest first.
  private static func ordered(
    _ members: [OrganizationMembershipRecord], by order: String, store: Store
  ) throws(ClerkAPIFailure) -> [OrganizationMembershipRecord] {
    let descending = order.hasPrefix("-")
    let field = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
    let key: (OrganizationMembershipRecord) -> String
    switch field {
    case "created_at":
      key = { String(format: "%020lld", $0.createdAt) }
    case "first_name": key = { store.users[$0.userID]?.firstName?.lowercased() ?? "" }
    case "last_name": key = { store.users[$0.userID]?.lastName?.lowercased() ?? "" }
    case "username": key = { store.users[$0.userID]?.username?.lowercased() ?? "" }
    case "email_address": key = { store.users[$0.userID]?.emailAddress?.lowercased() ?? "" }
    case "phone_number": key = { store.users[$0.userID]?.phoneNumber ?? "" }
    default:
      throw ClerkAPIFailure(
        status: 422, code: "form_param_value_invalid", message: "is invalid",
        longMessage:
          "\(order) does not match the allowed values for parameter order_by. Allowed values: "
          + "phone_number, email_address, created_at, first_name, last_name, username",
        paramName: "order_by")
    }
    return members.enumerated().sorted { lhs, rhs in
      let (left, right) = (key(lhs.element), key(rhs.element))
      if left != right { return descending ? left > right : left < right }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  private func changeMembership(
    _ endpoint: ResourceEndpoint, organizationID: String, userID: String, _ body: JSONValue,
    store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard
      let index = store.memberships.firstIndex(where: {
        $0.organizationID == organizationID && $0.userID == userID
      })
    else { throw .membershipNotFound(userID) }
    var membership = store.memberships[index]
    let admins = store.memberships.filter {
      $0.organizationID == organizationID && $0.role == "org:admin"
    }
    let lastAdmin = membership.role == "org:admin" && admins.count == 1
    if endpoint == .deleteMembership {
      guard !lastAdmin else { throw .minimumPermissionsNeeded }
      let json = store.membershipJSON(membership, backend: true)
      store.memberships.remove(at: index)
      for (id, session) in store.sessions
      where session.userID == userID && session.lastActiveOrganizationID == organizationID {
        store.sessions[id]?.lastActiveOrganizationID = nil
      }
      return json
    }
    if endpoint == .updateMembershipMetadata {
      for (name, path) in [
        ("public_metadata", \OrganizationMembershipRecord.publicMetadata),
        ("private_metadata", \OrganizationMembershipRecord.privateMetadata),
      ] {
        guard let value = body[name], value != .null else { continue }
        guard value.objectValue != nil else {
          throw .paramInvalid(name, "\(name) must be an object")
        }
        membership[keyPath: path] = Self.merged(membership[keyPath: path], value)
      }
      membership.updatedAt = now
      store.memberships[index] = membership
      return store.membershipJSON(membership, backend: true)
    }
    guard let role = body["role"]?.stringValue, !role.isEmpty else {
      throw .paramMissing("role")
    }
    guard store.organizationRoles.contains(role) else {
      throw ClerkAPIFailure(
        status: 422, code: "form_param_value_invalid", message: "is invalid",
        longMessage: "\(role) does not match one of the allowed values for parameter role",
        paramName: "role")
    }
    if lastAdmin, role != "org:admin" { throw .minimumPermissionsNeeded }
    if membership.role != role {
      membership.role = role
      membership.updatedAt = now
      store.memberships[index] = membership
    }
    return store.membershipJSON(membership, backend: true)
  }
}
