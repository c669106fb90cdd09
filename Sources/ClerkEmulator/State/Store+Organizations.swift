import ClerkctlCore
import Foundation

/// Organizations and memberships: look-ups, the session's active organization, and the seed.
extension Store {
  /// The organization with this id (`org_…`).
  func organization(id: String) -> OrganizationRecord? { organizations[id] }

  /// The organization with this id or slug (the slug case-sensitive, as Clerk's are lowercase).
  func organization(idOrSlug value: String) -> OrganizationRecord? {
    organizations[value]
      ?? organizationOrder.lazy.compactMap { organizations[$0] }.first {
        $0.slug == value
      }
  }

  /// The user's membership in the organization, if any.
  func membership(userID: String, organizationID: String) -> OrganizationMembershipRecord? {
    memberships.first { $0.userID == userID && $0.organizationID == organizationID }
  }

  /// The user's memberships, newest first (Clerk's default list order).
  func memberships(ofUser userID: String) -> [OrganizationMembershipRecord] {
    memberships.filter { $0.userID == userID }.reversed()
  }

  /// How many members an organization has.
  func membersCount(_ organizationID: String) -> Int {
    memberships.lazy.filter { $0.organizationID == organizationID }.count
  }

  /// The session's active organization and the user's membership in it; none when the session
  /// has no active organization or the user is no longer a member.
  func activeMembership(
    of session: SessionRecord
  ) -> (organization: OrganizationRecord, membership: OrganizationMembershipRecord)? {
    guard let id = session.lastActiveOrganizationID, let organization = organizations[id],
      let membership = membership(userID: session.userID, organizationID: id)
    else { return nil }
    return (organization, membership)
  }

  /// Resolves a requested active organization for the session's user: empty is the personal
  /// account (`nil`); else the organization must exist and have the user as a member.
  /// - Parameter bySlug: whether `value` may be a slug (touch's `active_organization_id`).
  /// - Throws: 404 `organization_not_found_or_unauthorized` for an unknown organization or one
  ///   the user is not a member of.
  func requestedOrganization(
    _ value: String, for session: SessionRecord, bySlug: Bool
  ) throws(ClerkAPIFailure) -> String? {
    if value.isEmpty { return nil }
    let found = bySlug ? organization(idOrSlug: value) : organizations[value]
    guard let found, membership(userID: session.userID, organizationID: found.id) != nil else {
      throw .organizationNotFoundOrUnauthorized
    }
    return found.id
  }

  /// Adds the configured organizations and memberships (users must already be in the store).
  mutating func seedOrganizations(
    _ configuration: EmulatorConfiguration, random: RandomSource, now: Int64
  ) {
    for organization in configuration.organizations {
      let record = OrganizationRecord(
        id: random.id("org"), name: organization.name, slug: organization.slug,
        publicMetadata: organization.publicMetadata, privateMetadata: [:],
        maxAllowedMemberships: organization.maxAllowedMemberships, createdBy: nil,
        createdAt: now, updatedAt: now)
      organizations[record.id] = record
      organizationOrder.append(record.id)
    }
    for membership in configuration.memberships {
      guard let organization = self.organization(idOrSlug: membership.organization),
        let user = user(identifier: membership.user)
      else { continue }
      organizationRoles.insert(membership.role)
      memberships.append(
        OrganizationMembershipRecord(
          id: random.id("orgmem"), organizationID: organization.id, userID: user.id,
          role: membership.role, createdAt: now, updatedAt: now))
    }
  }
}
