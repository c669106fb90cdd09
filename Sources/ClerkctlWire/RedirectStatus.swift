/// How a flow that left for a browser came back (`__clerk_status` of the redirect URL that ends
/// an OAuth, SSO or email-link round trip, as clerk-js reads it). Shared by the client and
/// clerk-emulator, so both speak the same wire values; a value this version does not know is
/// kept as `unknown`.
package enum RedirectStatus: WireValue {
  case verified
  case failed
  case expired
  case clientMismatch
  case unknown(String)

  /// Every status clerk-js reads there (its `VerifyTokenStatus`).
  package static let documented: [RedirectStatus] = [.verified, .expired, .failed, .clientMismatch]

  /// The query field that carries it.
  package static let queryField = "__clerk_status"

  /// The wire value, e.g. `failed`.
  package var rawValue: String {
    switch self {
    case .verified: return "verified"
    case .failed: return "failed"
    case .expired: return "expired"
    case .clientMismatch: return "client_mismatch"
    case .unknown(let value): return value
    }
  }

  /// The query field that carries it, `("__clerk_status", rawValue)`.
  package var queryItem: (String, String) { (Self.queryField, rawValue) }
}
