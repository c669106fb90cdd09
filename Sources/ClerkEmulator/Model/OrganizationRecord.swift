import ClerkctlCore
import Foundation

/// An organization (`org_…`): name, unique slug, public metadata and its membership limit
/// (0 = unlimited).
struct OrganizationRecord: Sendable, Equatable {
  var id: String
  var name: String
  var slug: String
  var publicMetadata: JSONValue
  var privateMetadata: JSONValue
  var maxAllowedMemberships: Int64
  /// The user who created it over the Backend API (`created_by`), if any.
  var createdBy: String?
  var createdAt: Int64
  var updatedAt: Int64
}
