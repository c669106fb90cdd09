import ClerkctlCore
import Foundation

/// Organizations over the Backend API: `GET|POST /v1/organizations` and
/// `POST /v1/organizations/{id}/memberships`, with Clerk's rules and errors.
///
/// The list is Clerk's `{"data","total_count"}`, newest first (`order_by` `created_at`, `name`
/// or `members_count`, `-` for descending), filtered by `query` (the exact id, or part of the
/// name or slug) and `user_id` (`+id`/`id` includes organizations that user belongs to, `-id`
/// excludes them); `members_count` only with `include_members_count=true`.
/// Creating one needs a `name`; a `slug` (lowercase letters, digits, `-`) must be unused (422
/// `form_identifier_exists`) and is derived from the name when left out; `created_by` must
/// name a user (400 `organization_creator_not_found`), who becomes its `org:admin`.
/// A membership needs `user_id` (404 for an unknown user) and one of the instance's roles;
/// a user who is already a member is 400 `already_a_member_in_organization`, a full
/// organization 403 `organization_membership_quota_exceeded`, an unknown organization 404.
extension BackendAPIHandler {
  func listOrganizations(_ query: FormData, store: Store) throws(ClerkAPIFailure) -> JSONValue {
    let (limit, offset) = try page(query)
    let search = query.nonEmpty("query")?.lowercased()
    let userFilters = (query.values("user_id") + query.values("user_id[]")).filter {
      !$0.isEmpty
    }
    var organizations = store.organizationOrder.compactMap { store.organizations[$0] }.filter {
      organization in
      if let search,
        organization.id.lowercased() != search,
        !organization.name.lowercased().contains(search),
        !organization.slug.contains(search)
      {
        return false
      }
      return Self.matches(userFilters, organization: organization, store: store)
    }
    organizations = try Self.ordered(
      organizations, by: query.nonEmpty("order_by") ?? "-created_at", store: store)
    let counts = query["include_members_count"]?.lowercased() == "true"
    let data = organizations.dropFirst(offset).prefix(limit).map {
      store.organizationJSON($0, backend: true, withMembersCount: counts)
    }
    return ["data": .array(Array(data)), "total_count": .int(Int64(organizations.count))]
  }

  /// `user_id` filters: `+id` or `id` must be a member (any of them), `-id` must not be.
  private static func matches(
    _ filters: [String], organization: OrganizationRecord, store: Store
  ) -> Bool {
    var included: [String] = []
    for filter in filters {
      if filter.hasPrefix("-") {
        let id = String(filter.dropFirst())
        if store.membership(userID: id, organizationID: organization.id) != nil { return false }
      } else {
        included.append(filter.hasPrefix("+") ? String(filter.dropFirst()) : filter)
      }
    }
    return included.isEmpty
      || included.contains { store.membership(userID: $0, organizationID: organization.id) != nil }
  }

  /// Sorts by `created_at`, `name` or `members_count`, ascending unless prefixed with `-`;
  /// ties keep the newest first.
  private static func ordered(
    _ organizations: [OrganizationRecord], by order: String, store: Store
  ) throws(ClerkAPIFailure) -> [OrganizationRecord] {
    let descending = order.hasPrefix("-")
    let field = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
    let newestFirst = Array(organizations.reversed())
    let key: (OrganizationRecord, OrganizationRecord) -> Bool
    switch field {
    case "created_at": key = { $0.createdAt < $1.createdAt }
    case "name": key = { $0.name.lowercased() < $1.name.lowercased() }
    case "members_count":
      key = { store.membersCount($0.id) < store.membersCount($1.id) }
    default:
      throw ClerkAPIFailure(
        status: 422, code: "form_param_value_invalid", message: "is invalid",
        longMessage:
          "\(order) does not match the allowed values for parameter order_by. Allowed values: "
          + "created_at, name, members_count",
        paramName: "order_by")
    }
    // A stable sort over the newest-first list keeps the newest first among equals.
    return newestFirst.enumerated().sorted { lhs, rhs in
      if key(lhs.element, rhs.element) { return !descending }
      if key(rhs.element, lhs.element) { return descending }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  func createOrganization(
    _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let name = body["name"]?.stringValue, !name.trimmingSpaces.isEmpty else {
      throw .paramMissing("name")
    }
    let publicMetadata = try metadata(body, "public_metadata")
    let privateMetadata = try metadata(body, "private_metadata")
    var limit: Int64 = 5
    if let value = body["max_allowed_memberships"], value != .null {
      guard let number = value.intValue, number >= 0 else {
        throw .paramInvalid(
          "max_allowed_memberships", "max_allowed_memberships must be an integer >= 0")
      }
      limit = number
    }
    let creator = body["created_by"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    if let creator, store.users[creator] == nil {
      throw .organizationCreatorNotFound(creator)
    }
    let slug: String
    if let requested = body["slug"]?.stringValue, !requested.isEmpty {
      guard EmulatorConfiguration.isValidSlug(requested) else {
        throw ClerkAPIFailure(
          status: 422, code: "form_param_format_invalid", message: "is invalid",
          longMessage:
            "slug can contain only lowercase alphanumeric characters and the dash \"-\".",
          paramName: "slug")
      }
      guard store.organization(idOrSlug: requested) == nil else {
        throw .organizationSlugTaken
      }
      slug = requested
    } else {
      slug = derivedSlug(name, store: store)
    }
    let organization = OrganizationRecord(
      id: random.id("org"), name: name, slug: slug, publicMetadata: publicMetadata,
      privateMetadata: privateMetadata, maxAllowedMemberships: limit, createdBy: creator,
      createdAt: now, updatedAt: now)
    store.organizations[organization.id] = organization
    store.organizationOrder.append(organization.id)
    if let creator {
      store.memberships.append(
        OrganizationMembershipRecord(
          id: random.id("orgmem"), organizationID: organization.id, userID: creator,
          role: "org:admin", createdAt: now, updatedAt: now))
    }
    return store.organizationJSON(organization, backend: true, withMembersCount: false)
  }

  func createOrganizationMembership(
    organizationID: String, _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let organization = store.organizations[organizationID] else {
      throw .organizationNotFound
    }
    guard let userID = body["user_id"]?.stringValue, !userID.isEmpty else {
      throw .paramMissing("user_id")
    }
    guard let role = body["role"]?.stringValue, !role.isEmpty else {
      throw .paramMissing("role")
    }
    guard store.users[userID] != nil else { throw .notFound("user", id: userID) }
    guard store.organizationRoles.contains(role) else {
      throw ClerkAPIFailure(
        status: 422, code: "form_param_value_invalid", message: "is invalid",
        longMessage: "\(role) does not match one of the allowed values for parameter role",
        paramName: "role")
    }
    guard store.membership(userID: userID, organizationID: organization.id) == nil else {
      throw .alreadyAMember(userID)
    }
    let limit = organization.maxAllowedMemberships
    if limit > 0, store.membersCount(organization.id) >= limit {
      throw .membershipQuotaExceeded(limit)
    }
    let membership = OrganizationMembershipRecord(
      id: random.id("orgmem"), organizationID: organization.id, userID: userID, role: role,
      createdAt: now, updatedAt: now, publicMetadata: try metadata(body, "public_metadata"),
      privateMetadata: try metadata(body, "private_metadata"))
    store.memberships.append(membership)
    return store.membershipJSON(membership, backend: true)
  }

  /// An optional metadata object: absent or null is `{}`, anything but an object is invalid.
  private func metadata(_ body: JSONValue, _ key: String) throws(ClerkAPIFailure) -> JSONValue {
    guard let value = body[key], value != .null else { return [:] }
    guard value.objectValue != nil else {
      throw .paramInvalid(key, "\(key) must be a JSON object")
    }
    return value
  }

  /// A slug from the name (lowercase letters and digits, other runs become `-`), with a
  /// random suffix when it is taken.
  private func derivedSlug(_ name: String, store: Store) -> String {
    var slug = ""
    for scalar in name.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        slug.unicodeScalars.append(scalar)
      } else if !slug.isEmpty, !slug.hasSuffix("-") {
        slug += "-"
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    if slug.isEmpty { slug = "organization" }
    var candidate = slug
    while store.organization(idOrSlug: candidate) != nil {
      candidate = slug + "-" + random.base62(6).lowercased()
    }
    return candidate
  }
}
