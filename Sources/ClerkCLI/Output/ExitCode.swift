import ClerkctlCore

/// The exit codes of the user contract (`clerkctl help exit-codes`).
package enum ExitCode: Int32, Sendable, CaseIterable {
  case success = 0
  case failure = 1
  case usage = 2
  case configuration = 3
  case notSignedIn = 4
  case unavailable = 5
  case signInRejected = 6
  case tokenRefused = 7
  case signInTimeout = 8
  case jwtInvalid = 9
  /// `exec`: the command was found but could not be run (as shells do).
  case commandNotExecutable = 126
  /// `exec`: the command was not found (as shells do).
  case commandNotFound = 127
  case interrupted = 130

  /// What the code means, as listed by `clerkctl help exit-codes`.
  package var meaning: String {
    switch self {
    case .success: "success"
    case .failure: "failure not listed below (and api/convex non-success responses)"
    case .usage: "usage: unknown flag, bad value, missing input where no prompt is possible"
    case .configuration:
      "configuration or local file problem: no instance configured, bad key or URL, "
        + "credential file unreadable, corrupt or readable by others; the OS keyring wanted "
        + "and unavailable (no session bus, no libsecret, no Secret Service provider)"
    case .notSignedIn: "not signed in, or the session ended, expired or was revoked"
    case .unavailable:
      "network or server unavailable: connect or DNS failure, timeout, 5xx or 429 after "
        + "retries, a malformed response"
    case .signInRejected:
      "refused by Clerk: wrong identifier, password, code or ticket; an organization the "
        + "user is not a member of"
    case .tokenRefused: "token refused: the JWT template does not exist or cannot be minted"
    case .signInTimeout: "sign-in timed out (--sign-in-timeout)"
    case .jwtInvalid: "JWT invalid (jwt verify, doctor)"
    case .commandNotExecutable: "exec: the command was found but could not be run"
    case .commandNotFound: "exec: the command was not found"
    case .interrupted: "interrupted"
    }
  }
}
