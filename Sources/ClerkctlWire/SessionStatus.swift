/// A Clerk session's status (`Session.status`). Shared by the client and clerk-emulator, so both
/// speak the same wire values; a value this version does not know is kept as `unknown`.
package enum SessionStatus: WireValue {
  case active
  case pending
  case ended
  case removed
  case revoked
  case expired
  case abandoned
  case replaced
  case unknown(String)

  /// Every status Clerk documents, in its spec's order.
  package static let documented: [SessionStatus] = [
    .active, .revoked, .ended, .expired, .removed, .abandoned, .replaced, .pending,
  ]

  /// The wire value, e.g. `active`.
  package var rawValue: String {
    switch self {
    case .active: return "active"
    case .pending: return "pending"
    case .ended: return "ended"
    case .removed: return "removed"
    case .revoked: return "revoked"
    case .expired: return "expired"
    case .abandoned: return "abandoned"
    case .replaced: return "replaced"
    case .unknown(let value): return value
    }
  }
}
