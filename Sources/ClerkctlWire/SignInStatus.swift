/// Where a Clerk sign-in stands (`SignIn.status`). Shared by the client and clerk-emulator, so
/// both speak the same wire values; a value this version does not know is kept as `unknown`
/// (Clerk adds states, as its SDKs expect).
package enum SignInStatus: WireValue {
  case needsIdentifier
  case needsFirstFactor
  case needsSecondFactor
  case needsClientTrust
  case needsNewPassword
  case needsProtectCheck
  case complete
  case abandoned
  case unknown(String)

  /// Every status Clerk documents.
  package static let documented: [SignInStatus] = [
    .needsIdentifier, .needsFirstFactor, .needsSecondFactor, .needsClientTrust,
    .needsNewPassword, .needsProtectCheck, .complete, .abandoned,
  ]

  /// The wire value, e.g. `needs_first_factor`.
  package var rawValue: String {
    switch self {
    case .needsIdentifier: return "needs_identifier"
    case .needsFirstFactor: return "needs_first_factor"
    case .needsSecondFactor: return "needs_second_factor"
    case .needsClientTrust: return "needs_client_trust"
    case .needsNewPassword: return "needs_new_password"
    case .needsProtectCheck: return "needs_protect_check"
    case .complete: return "complete"
    case .abandoned: return "abandoned"
    case .unknown(let value): return value
    }
  }
}
