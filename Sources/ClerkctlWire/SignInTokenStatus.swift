/// Where a Backend API sign-in token (`sit_…`) or actor token (`act_…`) stands (`status`).
/// Shared by the client and clerk-emulator, so both speak the same wire values; a value this
/// version does not know is kept as `unknown`.
package enum SignInTokenStatus: WireValue {
  case pending
  case accepted
  case revoked
  case unknown(String)

  /// Every status Clerk documents.
  package static let documented: [SignInTokenStatus] = [.pending, .accepted, .revoked]

  /// The wire value, e.g. `pending`.
  package var rawValue: String {
    switch self {
    case .pending: return "pending"
    case .accepted: return "accepted"
    case .revoked: return "revoked"
    case .unknown(let value): return value
    }
  }
}
