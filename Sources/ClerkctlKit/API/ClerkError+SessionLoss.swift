extension ClerkError {
  /// Why a profile has no usable session: the fact behind `notSignedIn`.
  package enum SessionLoss: Equatable, Sendable {
    /// Nothing is stored for the profile (or it holds no session).
    case noSignIn
    /// Clerk says the session has ended, expired or was revoked.
    case ended
    /// Clerk reports the session in a state other than `active` (`gone` when it is missing).
    case state(String)

    /// The fact, in words, without a remedy.
    package var summary: String {
      switch self {
      case .noSignIn: "not signed in"
      case .ended: "the session has ended, expired or was revoked"
      case .state(let state): "the session is \(state) at Clerk"
      }
    }
  }
}

extension ClerkError {
  /// Clerk's own error behind this one, when Clerk refused a request.
  package var apiError: ClerkAPIError? {
    switch self {
    case .api(let error), .inputRejected(let error), .redirectRefused(_, let error): error
    default: nil
    }
  }
}
