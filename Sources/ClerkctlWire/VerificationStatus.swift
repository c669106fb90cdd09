/// Where a Clerk verification stands (`Verification.status`, of a sign-in factor, an email
/// address, an OAuth or SSO sign-in). Shared by the client and clerk-emulator, so both speak the
/// same wire values; a value this version does not know is kept as `unknown`.
package enum VerificationStatus: WireValue {
  case unverified
  case verified
  case transferable
  case failed
  case expired
  case unknown(String)

  /// Every status Clerk documents.
  package static let documented: [VerificationStatus] = [
    .unverified, .verified, .transferable, .failed, .expired,
  ]

  /// The wire value, e.g. `unverified`.
  package var rawValue: String {
    switch self {
    case .unverified: return "unverified"
    case .verified: return "verified"
    case .transferable: return "transferable"
    case .failed: return "failed"
    case .expired: return "expired"
    case .unknown(let value): return value
    }
  }
}
