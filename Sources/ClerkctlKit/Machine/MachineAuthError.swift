import ClerkctlCore

/// Why a machine identity could not get or check a token.
package enum MachineAuthError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The profile holds no machine identity (nothing stored, or another kind).
  case notAMachine(profile: String)
  /// The Backend API refused the machine secret (revoked, rotated out, or unknown): `detail`
  /// is Clerk's words.
  case secretRefused(profile: String, detail: String)
  /// The Backend API refused the secret key (`CLERK_SECRET_KEY`).
  case secretKeyRefused(detail: String)
  /// Clerk refused what was asked (claims, scopes, an unknown machine or token): its error.
  case refused(status: Int, code: String, detail: String)
  /// The least lifetime asked for is not below the token's lifetime.
  case minTTLNotBelowLifetime(minTTL: Int64, lifetime: Int64?)
  /// Tokens of `lifetime` seconds (`nil`: the machine's default) cannot be kept fresh with
  /// `minTTL` left: a new one would not outlive the renewal point (`TokenRenewal.requestedTTL`).
  case tooShortToKeep(minTTL: Double, lifetime: Int64?)
  /// A token did not verify: why.
  case tokenInvalid(String)

  package var description: String {
    switch self {
    case .notAMachine(let profile):
      return "profile '\(profile)' holds no machine identity"
    case .secretRefused(let profile, let detail):
      return "the Backend API refused the machine secret of profile '\(profile)' (\(detail))"
    case .secretKeyRefused(let detail):
      return "the Backend API refused the secret key (\(detail)); check it belongs to this instance"
    case .refused(_, let code, let detail):
      return "Clerk refused: \(detail) (\(code))"
    case .minTTLNotBelowLifetime(let minTTL, let lifetime):
      let life = lifetime.map { "the token's lifetime \($0) s" } ?? "the token's lifetime"
      return "the least lifetime asked for (\(minTTL) s) is not below \(life)"
    case .tooShortToKeep(let minTTL, let lifetime):
      let life = lifetime.map { "tokens that live \($0) s" } ?? "the machine's tokens"
      return "a minimum of \(minTTL.secondsText) s left leaves no time to renew \(life)"
    case .tokenInvalid(let reason):
      return "token invalid: \(reason)"
    }
  }
}
