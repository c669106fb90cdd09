/// Everything that can go wrong talking to Clerk, sorted by what the user should do next.
///
/// The CLI maps each case to one exit code of the contract (see `ErrorReporter` in ClerkCLI).
package enum ClerkError: Error, Equatable, CustomStringConvertible {
  /// Clerk refused a request with its error envelope, in a way no case below explains.
  case api(ClerkAPIError)
  /// The request never got a complete reply (DNS, connect, timeout, TLS, …).
  case transport(HTTPError)
  /// Clerk (or a proxy) is failing: 5xx, 408 or 429, after retries. `summary` is one line.
  case unavailable(status: Int, summary: String)
  /// A reply that is not what Clerk sends: not JSON, wrong shape, missing fields.
  case malformedResponse(String)
  /// No stored sign-in for the profile, or the session ended, expired or was revoked.
  case notSignedIn(String)
  /// The JWT template does not exist or cannot be minted.
  case tokenRefused(String)
  /// Wrong identifier, password, code or ticket.
  case signInRejected(String)
  /// A sign-in state clerkctl cannot finish here (e.g. `needs_new_password`).
  case signInUnsupported(String)
  /// `--sign-in-timeout` ran out.
  case signInTimedOut(seconds: Double)
  /// Configuration missing for the request (e.g. no secret key for `--user-id`).
  case configuration(String)
  /// The template's tokens never live as long as `--min-ttl` asks.
  case tokenTooShortLived(lifetime: Int64, minTTL: Double)

  package var description: String {
    switch self {
    case .api(let error):
      return "Clerk refused the request: \(error.description) (\(error.code), HTTP \(error.status))"
    case .transport(let error):
      return error.description
    case .unavailable(let status, let summary):
      return "Clerk is unavailable (HTTP \(status)): \(summary); try again later"
    case .malformedResponse(let reason):
      return "unexpected reply from Clerk: \(reason)"
    case .notSignedIn(let reason), .tokenRefused(let reason), .signInRejected(let reason),
      .signInUnsupported(let reason), .configuration(let reason):
      return reason
    case .tokenTooShortLived(let lifetime, let minTTL):
      return "the token lives \(lifetime) s in all, less than --min-ttl \(Int(minTTL)) s; "
        + "lower --min-ttl or lengthen the template's lifetime"
    case .signInTimedOut(let seconds):
      let shown = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
      return "sign-in timed out after \(shown) s; run 'clerkctl login' again "
        + "(or raise --sign-in-timeout)"
    }
  }
}
