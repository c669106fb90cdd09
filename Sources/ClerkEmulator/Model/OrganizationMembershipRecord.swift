import ClerkctlCore
import Foundation

/// A user's membership (`orgmem_…`) in an organization, with a role key such as `org:admin`.
struct OrganizationMembershipRecord: Sendable, Equatable {
  var id: String
  var organizationID: String
  var userID: String
  var role: String
  var createdAt: Int64
  var updatedAt: Int64
  var publicMetadata: JSONValue = [:]
  var privateMetadata: JSONValue = [:]

  /// The role's display name: `org:admin` → `Admin`, `org:billing_manager` → `Billing manager`.
  var roleName: String {
    let key = role.hasPrefix("org:") ? String(role.dropFirst(4)) : role
    let words = key.replacingOccurrences(of: "_", with: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// Clerk's system permissions of the two default roles; custom roles carry none here.
  var permissions: [String] {
    switch role {
    case "org:admin":
      return [
        "org:sys_profile:manage", "org:sys_profile:delete", "org:sys_memberships:read",
        "org:sys_memberships:manage", "org:sys_domains:read", "org:sys_domains:manage",
      ]
    case "org:member":
      return ["org:sys_memberships:read"]
    default:
      return []
    }
  }

  /// The role without its `org:` prefix (the session token's `o.rol`).
  var shortRole: String { role.hasPrefix("org:") ? String(role.dropFirst(4)) : role }
}
