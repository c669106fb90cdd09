import ClerkctlCore
import ClerkctlWire
import Foundation

/// An invitation (`orginv_…`) to join an organization with a role: `pending` until accepted,
/// revoked or past `expiresAt`.
struct OrganizationInvitationRecord: Sendable, Equatable {
  var id: String
  var organizationID: String
  var emailAddress: String
  var role: String
  var inviterID: String?
  var status: InvitationStatus
  var publicMetadata: JSONValue
  var privateMetadata: JSONValue
  var expiresAt: Int64
  var createdAt: Int64
  var updatedAt: Int64

  /// The status as of `now`: a pending invitation past `expiresAt` reads `expired`.
  func status(at now: Int64) -> InvitationStatus {
    status == .pending && now >= expiresAt ? .expired : status
  }
}
