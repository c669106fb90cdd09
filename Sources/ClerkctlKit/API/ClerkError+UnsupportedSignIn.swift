extension ClerkError {
  /// The sign-in (or sign-up) step Clerk asked for that this client cannot take: the fact
  /// behind `signInUnsupported`.
  package enum UnsupportedSignIn: Equatable, Sendable {
    /// The account's first factors are none this client can use (strategies Clerk offered).
    case firstFactors(offered: [String])
    /// The account's second factors are none this client can use (strategies Clerk offered).
    case secondFactors(offered: [String])
    /// The second factor the caller chose is not one this account has (the strategies Clerk
    /// offered instead).
    case secondFactorNotOffered(chosen: String, offered: [String])
    /// Clerk requires a new password first (`needs_new_password`).
    case newPassword
    /// Clerk needs an identifier (`needs_identifier`).
    case identifier
    /// Clerk asks for a bot-protection check only a browser can pass (`needs_protect_check`).
    case protectCheck
    /// The sign-in ended in a state this client does not know.
    case state(String)
    /// The sign-in did not complete within the steps allowed; still in `state`.
    case incomplete(state: String)
    /// A sign-up transfer that Clerk needs more for (`status`, the fields it misses).
    case signUpIncomplete(status: String, missing: [String])

    /// The fact, in words; with a remedy only where it does not depend on the caller.
    package var summary: String {
      switch self {
      case .firstFactors(let offered):
        "this account signs in with "
          + (offered.isEmpty ? "no method this client knows" : offered.joined(separator: ", "))
      case .secondFactors(let offered):
        "this account's second factor ("
          + (offered.isEmpty ? "none offered" : offered.joined(separator: ", "))
          + ") is not supported"
      case .secondFactorNotOffered(let chosen, let offered):
        "this account has no \(chosen) second factor (Clerk offers "
          + (offered.isEmpty ? "none" : offered.joined(separator: ", ")) + ")"
      case .newPassword:
        "Clerk requires a new password for this account: set one through the app's sign-in page"
      case .identifier:
        "Clerk needs an identifier"
      case .protectCheck:
        "Clerk asks for a bot-protection check that only a browser can pass"
      case .state(let state):
        "the sign-in ended in state '\(state)'"
      case .incomplete(let state):
        "sign-in did not complete (still '\(state)')"
      case .signUpIncomplete(let status, let missing):
        "Clerk needs more before it creates the account (\(status)"
          + (missing.isEmpty ? "" : ": \(missing.joined(separator: ", "))") + ")"
      }
    }

    /// What a library caller can do, in words that name no tool.
    package var neutralRemedy: String? {
      switch self {
      case .firstFactors:
        "sign in through a browser (OAuth or SSO), with a sign-in ticket, or with a Backend API "
          + "sign-in token"
      case .secondFactors: "use a TOTP app, an email or phone code, or a backup code"
      case .secondFactorNotOffered: "choose one of the second factors offered"
      case .newPassword: "then sign in again"
      case .identifier: "give the email address or username"
      case .protectCheck: "sign in with a ticket or a Backend API sign-in token instead"
      case .state: "sign in again"
      case .incomplete: nil
      case .signUpIncomplete: "sign up once through the app, then sign in again"
      }
    }
  }
}
