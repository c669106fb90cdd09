import ClerkctlCore
import ClerkctlKit

/// The organization objects `org list --json`, `org use --json` and `whoami --json` print.
package enum OrganizationJSON {
  /// `{id, slug, name, role}` for `membership`.
  package static func object(_ membership: OrganizationMembership) -> JSONValue {
    [
      "id": .string(membership.organizationID),
      "slug": membership.slug.map(JSONValue.string) ?? .null,
      "name": .string(membership.name),
      "role": .string(membership.role),
    ]
  }

  /// The active organization: `null` for none (or not known), the membership's object, or
  /// (when the membership is not known, e.g. `--offline`) the id with the rest `null`.
  package static func active(
    _ organization: ActiveOrganization, membership: OrganizationMembership?
  ) -> JSONValue {
    guard let id = organization.id else { return .null }
    if let membership, membership.organizationID == id { return object(membership) }
    return ["id": .string(id), "slug": .null, "name": .null, "role": .null]
  }

  /// One line for people: `Acme Inc (acme, org:admin, org_…)`, `(none)` or `(unknown)`.
  package static func text(
    _ organization: ActiveOrganization, membership: OrganizationMembership?
  ) -> String {
    switch organization {
    case .unknown: return "(not known)"
    case .personal: return "(none)"
    case .organization(let id):
      guard let membership, membership.organizationID == id else { return id }
      let slug = membership.slug.map { "\($0), " } ?? ""
      return "\(membership.name) (\(slug)\(membership.role), \(id))"
    }
  }
}
