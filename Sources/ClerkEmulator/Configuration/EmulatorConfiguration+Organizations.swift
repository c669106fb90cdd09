import ClerkctlCore
import Foundation

/// Organizations and memberships in the data set and in a `--config` file.
extension EmulatorConfiguration {
  /// An organization to create at start.
  package struct Organization: Sendable, Equatable {
    package var name: String
    /// Unique; lowercase letters, digits and `-`.
    package var slug: String
    package var publicMetadata: JSONValue
    /// Clerk's per-organization member limit; 0 is unlimited (Clerk's development default: 5).
    package var maxAllowedMemberships: Int64

    package init(
      name: String, slug: String, publicMetadata: JSONValue = [:], maxAllowedMemberships: Int64 = 5
    ) {
      self.name = name
      self.slug = slug
      self.publicMetadata = publicMetadata
      self.maxAllowedMemberships = maxAllowedMemberships
    }
  }

  /// A user's membership in an organization.
  package struct Membership: Sendable, Equatable {
    /// The organization's slug.
    package var organization: String
    /// The user's email address or username.
    package var user: String
    /// A role key such as `org:admin` or `org:member`.
    package var role: String

    package init(organization: String, user: String, role: String) {
      self.organization = organization
      self.user = user
      self.role = role
    }
  }

  /// Whether `slug` is one Clerk accepts: lowercase letters, digits and `-`, not empty.
  static func isValidSlug(_ slug: String) -> Bool {
    !slug.isEmpty
      && slug.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
      }
  }

  /// Reads `organizations` and `memberships` (after `users`, which memberships refer to).
  mutating func readOrganizations(_ root: JSONValue) throws(EmulatorConfigurationError) {
    var organizations: [Organization] = []
    for (index, item) in try Self.list(root, "organizations").enumerated() {
      guard let name = item["name"]?.stringValue, !name.isEmpty else {
        throw .invalid("organizations[\(index)].name must be a non-empty string")
      }
      guard let slug = item["slug"]?.stringValue, Self.isValidSlug(slug) else {
        throw .invalid(
          "organizations[\(index)].slug must be lowercase letters, digits and \"-\"")
      }
      guard !organizations.contains(where: { $0.slug == slug }) else {
        throw .invalid("organizations[\(index)].slug \(slug) is used twice")
      }
      let metadata = item["public_metadata"] ?? [:]
      guard metadata.objectValue != nil else {
        throw .invalid("organizations[\(index)].public_metadata must be an object")
      }
      let limit = item["max_allowed_memberships"]?.intValue ?? 5
      guard limit >= 0 else {
        throw .invalid("organizations[\(index)].max_allowed_memberships must be >= 0")
      }
      organizations.append(
        Organization(
          name: name, slug: slug, publicMetadata: metadata, maxAllowedMemberships: limit))
    }
    let userNames = Set(
      users.flatMap { user in [user.email, user.username].compactMap { $0?.lowercased() } })
    var memberships: [Membership] = []
    for (index, item) in try Self.list(root, "memberships").enumerated() {
      guard let slug = item["organization"]?.stringValue,
        organizations.contains(where: { $0.slug == slug })
      else {
        throw .invalid("memberships[\(index)].organization must be the slug of an organization")
      }
      guard let user = item["user"]?.stringValue, userNames.contains(user.lowercased()) else {
        throw .invalid("memberships[\(index)].user must be the email or username of a user")
      }
      guard let role = item["role"]?.stringValue, role.hasPrefix("org:"), role.count > 4 else {
        throw .invalid("memberships[\(index)].role must be a role key like \"org:member\"")
      }
      guard
        !memberships.contains(where: {
          $0.organization == slug && $0.user.lowercased() == user.lowercased()
        })
      else { throw .invalid("memberships[\(index)]: \(user) is already a member of \(slug)") }
      memberships.append(Membership(organization: slug, user: user, role: role))
    }
    self.organizations = organizations
    self.memberships = memberships
  }
}
