/// Where a Clerk sign-up stands (`SignUp.status`). Shared by the client and clerk-emulator, so
/// both speak the same wire values; a value this version does not know is kept as `unknown`.
package enum SignUpStatus: WireValue {
  case missingRequirements
  case complete
  case abandoned
  case unknown(String)

  /// Every status Clerk documents.
  package static let documented: [SignUpStatus] = [.missingRequirements, .complete, .abandoned]

  /// The wire value, e.g. `missing_requirements`.
  package var rawValue: String {
    switch self {
    case .missingRequirements: return "missing_requirements"
    case .complete: return "complete"
    case .abandoned: return "abandoned"
    case .unknown(let value): return value
    }
  }
}
