import ClerkctlCore

/// One of the user's organization memberships, as Clerk's `OrganizationMembership` object has
/// it (clerk-ios decodes the same fields): the membership id, the user's role in it
/// (`org:admin`, `org:member`, …) and the organization.
package struct OrganizationMembership: Sendable, Equatable {
  /// The membership id (`orgmem_…`).
  package var id: String
  /// The role key, e.g. `org:admin`.
  package var role: String
  /// The role's display name, e.g. `Admin`, when Clerk sends one.
  package var roleName: String?
  /// The organization id (`org_…`).
  package var organizationID: String
  /// The organization's slug, when it has one.
  package var slug: String?
  /// The organization's name.
  package var name: String

  package init(
    id: String, role: String, roleName: String? = nil, organizationID: String, slug: String?,
    name: String
  ) {
    self.id = id
    self.role = role
    self.roleName = roleName
    self.organizationID = organizationID
    self.slug = slug
    self.name = name
  }

  /// Reads an `OrganizationMembership` object.
  package init(json: JSONValue) throws(ClerkError) {
    guard let id = json["id"]?.stringValue, let role = json["role"]?.stringValue,
      let organization = json["organization"], organization.objectValue != nil,
      let organizationID = organization["id"]?.stringValue
    else {
      throw .malformedResponse("an organization membership without an id, role or organization")
    }
    self.init(
      id: id, role: role, roleName: json["role_name"]?.stringValue,
      organizationID: organizationID, slug: organization["slug"]?.stringValue,
      name: organization["name"]?.stringValue ?? "")
  }

  /// Whether `reference` names this membership's organization: its id, or its slug (slugs are
  /// compared as Clerk stores them, lower case).
  package func matches(_ reference: String) -> Bool {
    organizationID == reference || (slug.map { $0 == reference.lowercased() } ?? false)
  }
}
