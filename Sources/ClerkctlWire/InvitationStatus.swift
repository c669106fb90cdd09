/// Where an invitation stands (`status` of a Backend API `Invitation` to the instance, of an
/// `OrganizationInvitation`, and of the Frontend API's `Client.OrganizationInvitation`, which
/// adds `completed`). Shared by the client and clerk-emulator, so both speak the same wire
/// values; a value this version does not know is kept as `unknown`.
package enum InvitationStatus: WireValue {
  case pending
  case accepted
  case revoked
  case expired
  case completed
  case unknown(String)

  /// Every status Clerk documents: the Backend API's, in its spec's order, then `completed`.
  package static let documented: [InvitationStatus] = [
    .pending, .accepted, .revoked, .expired, .completed,
  ]

  /// The wire value, e.g. `pending`.
  package var rawValue: String {
    switch self {
    case .pending: return "pending"
    case .accepted: return "accepted"
    case .revoked: return "revoked"
    case .expired: return "expired"
    case .completed: return "completed"
    case .unknown(let value): return value
    }
  }
}
