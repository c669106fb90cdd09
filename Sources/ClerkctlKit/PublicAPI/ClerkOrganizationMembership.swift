/// One of the signed-in user's Clerk organization memberships.
public struct ClerkOrganizationMembership: Sendable, Equatable {
  /// The organization id (`org_…`).
  public let organizationId: String
  /// The organization's slug, when it has one.
  public let slug: String?
  /// The organization's name.
  public let name: String
  /// The user's role in it as Clerk names it, e.g. `org:admin`.
  public let role: String
  /// Whether it is the session's active organization.
  public let isActive: Bool

  /// A membership of the organization `organizationId`.
  public init(organizationId: String, slug: String?, name: String, role: String, isActive: Bool) {
    self.organizationId = organizationId
    self.slug = slug
    self.name = name
    self.role = role
    self.isActive = isActive
  }

  init(_ membership: OrganizationMembership, active: ActiveOrganization) {
    self.init(
      organizationId: membership.organizationID, slug: membership.slug, name: membership.name,
      role: membership.role, isActive: active.id == membership.organizationID)
  }
}
