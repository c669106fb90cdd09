import ClerkctlCore
import ClerkctlWire
import Foundation

/// An invitation (`inv_…`) to sign up to the instance: `pending` until revoked (or accepted),
/// `expired` past `expiresAt`.
struct InvitationRecord: Sendable, Equatable {
  var id: String
  var emailAddress: String
  var publicMetadata: JSONValue
  var status: InvitationStatus
  var ticket: String
  var expiresAt: Int64
  var createdAt: Int64
  var updatedAt: Int64

  /// The status as of `now`: a pending invitation past `expiresAt` reads `expired`.
  func status(at now: Int64) -> InvitationStatus {
    status == .pending && now >= expiresAt ? .expired : status
  }
}
