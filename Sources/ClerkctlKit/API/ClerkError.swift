import ClerkctlCore
import ClerkctlHTTP

/// Everything that can go wrong talking to Clerk, sorted by what the user should do next.
///
/// Each case carries the facts (the profile, the lifetime, the step Clerk asked for); its
/// `description` states them with a remedy that names no tool, so an application words its own.
package enum ClerkError: Error, Equatable, CustomStringConvertible {
  /// Clerk refused a request with its error envelope, in a way no case below explains.
  case api(ClerkAPIError)
  /// The request never got a complete reply (DNS, connect, timeout, TLS, …).
  case transport(HTTPError)
  /// Clerk (or a proxy) is failing: 5xx, 408 or 429, after retries. `summary` is one line.
  case unavailable(status: Int, summary: String)
  /// A reply that is not what Clerk sends: not JSON, wrong shape, missing fields.
  case malformedResponse(String)
  /// No stored sign-in for `profile`, or its session ended, expired or was revoked.
  case notSignedIn(profile: String, SessionLoss)
  /// The JWT template does not exist or cannot be minted.
  case tokenRefused(String)
  /// Wrong identifier, password, code or ticket.
  case signInRejected(String)
  /// Clerk refused what the user gave the sign-in (an identifier, a password, a code, a ticket):
  /// its error, whose `code` says which (`form_code_incorrect`, `verification_expired`, …).
  case inputRejected(ClerkAPIError)
  /// A sign-in step this client cannot take (e.g. `needs_new_password`).
  case signInUnsupported(UnsupportedSignIn)
  /// Clerk has no account for the browser identity, and the caller did not allow sign-up.
  case signUpNotAllowed
  /// The sign-in's time limit (`seconds`) ran out.
  case signInTimedOut(seconds: Double)
  /// Configuration missing or wrong for the request (e.g. no Backend API secret key).
  case configuration(String)
  /// Clerk refused the browser sign-in's redirect URL (it is not allowlisted).
  case redirectRefused(url: String, error: ClerkAPIError)
  /// The loopback callback's port on 127.0.0.1 is taken.
  case callbackPortInUse(port: Int)
  /// `reference` (an organization id or slug) is not an organization the user is a member of,
  /// or no organization at all; `memberships` are the ones the user has.
  case organizationNotFound(
    profile: String, reference: String, memberships: [OrganizationMembership])
  /// The template's tokens (`lifetime` seconds in all) never live as long as the `minTTL`
  /// seconds the caller asked for.
  case tokenTooShortLived(lifetime: Int64, minTTL: Double)
  /// A sign-in succeeded but its credential could not be stored (`reason`: why, e.g. a full
  /// disk); the new session was then signed out at Clerk, unless `sessionEnded` is false.
  case signInNotStored(reason: String, sessionEnded: Bool)

  package var description: String {
    switch self {
    case .api(let error):
      return "Clerk refused the request: \(error.description) (\(error.code), HTTP \(error.status))"
    case .transport(let error):
      return error.description
    case .unavailable(429, let summary):
      if let match = summary.firstMatch(of: #/; Retry-After (\d+) s$/#) {
        return "Clerk is rate limiting these requests (HTTP 429; \(summary)); "
          + "try again in \(match.1) s"
      }
      return "Clerk is rate limiting these requests (HTTP 429; \(summary)); wait a minute "
        + "and try again"
    case .unavailable(let status, let summary):
      return "Clerk is unavailable (HTTP \(status)): \(summary); try again later"
    case .malformedResponse(let reason):
      return "unexpected reply from Clerk: \(reason)"
    case .tokenRefused(let reason), .signInRejected(let reason), .configuration(let reason):
      return reason
    case .inputRejected(let error):
      return "sign-in rejected: \(error.description)"
    case .notSignedIn(let profile, let loss):
      return "\(loss.summary) (profile '\(profile)'); sign in "
        + (loss == .noSignIn ? "first" : "again")
    case .signInUnsupported(let step):
      return step.summary + (step.neutralRemedy.map { "; \($0)" } ?? "")
    case .signUpNotAllowed:
      return "sign-in rejected: Clerk has no account for this identity "
        + "(external_account_not_found) and sign-up was not allowed"
    case .redirectRefused(let url, let error):
      return
        "Clerk refused the redirect URL \(Redaction.endpoint(url)): \(error.description) (\(error.code)); "
        + "allowlist it in the Clerk dashboard (Native applications, allowlist for mobile SSO "
        + "redirect) or use an allowlisted redirect URL"
    case .callbackPortInUse(let port):
      return "port \(port) on 127.0.0.1 is in use, so the sign-in callback cannot be received; "
        + "use a free port (the redirect URL must be allowlisted in Clerk) or port 0"
    case .tokenTooShortLived(let lifetime, let minTTL):
      return "the token lives \(lifetime) s in all, less than the \(Int(minTTL)) s asked for; "
        + "ask for less or lengthen the template's lifetime"
    case .signInTimedOut(let seconds):
      return "sign-in timed out after \(seconds.secondsText) s"
    case .signInNotStored(let reason, let sessionEnded):
      return "signed in, but the credential could not be stored: \(reason); "
        + Self.unstoredSessionFate(sessionEnded)
        + "; free disk space or make the config directory writable, then sign in again"
    case .organizationNotFound(_, let reference, let memberships):
      return "'\(reference)' is not an organization this user is a member of "
        + "(organization_not_found_or_unauthorized); "
        + Self.membershipSummary(memberships)
    }
  }

  /// What became of a session whose credential could not be stored.
  package static func unstoredSessionFate(_ ended: Bool) -> String {
    ended
      ? "the new session was signed out at Clerk, so none is left open"
      : "the new session could not be signed out and may live on at Clerk until it expires"
  }

  /// `the user's organizations: acme (Acme Inc, org:admin), …`, or that there are none.
  package static func membershipSummary(_ memberships: [OrganizationMembership]) -> String {
    guard !memberships.isEmpty else { return "the user is a member of no organization" }
    let items = memberships.map { membership in
      "\(membership.slug ?? membership.organizationID) (\(membership.name), \(membership.role))"
    }
    return "the user's organizations: " + items.joined(separator: ", ")
  }
}
