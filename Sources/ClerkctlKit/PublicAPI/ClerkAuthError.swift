/// Why a `ClerkAuthProvider` call failed, sorted by what the caller should do next.
///
/// The first four cases are those of Clerk's Convex bridges; the rest say what they leave to
/// the raw error. Each `description` is one line that says what to do.
public enum ClerkAuthError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No Clerk instance is configured: no publishable key, no Frontend API URL, nothing stored.
  case clerkNotLoaded
  /// Not signed in, or the session ended, expired or was revoked.
  case noActiveSession
  /// The session is live but no token could be minted (e.g. the JWT template does not exist).
  case tokenRetrievalFailed(String)
  /// The sign-in took longer than `signInTimeout`.
  case signInTimeout
  /// Clerk refused the sign-in: wrong identifier, password, code or ticket, or a step this
  /// library cannot finish.
  case signInRejected(String)
  /// Clerk or the backend could not be reached, or answered with an error after retries.
  case unavailable(String)
  /// A bad publishable key or URL, or a credential store that cannot be used.
  case configuration(String)
  /// The organization asked for is not one the user is a member of, or does not exist; the
  /// reason lists the user's organizations.
  case organizationNotFound(String)

  public var description: String {
    switch self {
    case .clerkNotLoaded:
      return "no Clerk instance configured: pass publishableKey: or frontendAPIURL: to "
        + "ClerkAuthProvider, or set CLERK_PUBLISHABLE_KEY or CLERK_FAPI_URL"
    case .noActiveSession:
      return "no active Clerk session: sign in with login(…)"
    case .tokenRetrievalFailed(let reason):
      return "failed to retrieve a Clerk token: \(reason)"
    case .signInTimeout:
      return "timed out waiting for the Clerk sign-in to complete; try again or raise "
        + "signInTimeout"
    case .signInRejected(let reason), .unavailable(let reason), .configuration(let reason),
      .organizationNotFound(let reason):
      return reason
    }
  }
}
