/// Where a Clerk sign-up stands (`SignUp.status`). Shared by the client and clerk-emulator, so
/// both speak the same wire values; a value this version does not know is kept as `unknown`.
package enum SignUpStatus: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
  case missingRequirements
  case complete
  case abandoned
  case unknown(String)

  /// Every status Clerk documents.
  package static let documented: [SignUpStatus] = [.missingRequirements, .complete, .abandoned]

  package init(rawValue: String) {
    self = Self.documented.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
  }

  /// The wire value, e.g. `missing_requirements`.
  package var rawValue: String {
    switch self {
    case .missingRequirements: return "missing_requirements"
    case .complete: return "complete"
    case .abandoned: return "abandoned"
    case .unknown(let value): return value
    }
  }

  package var description: String { rawValue }
}
