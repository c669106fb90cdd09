import FoundationEssentials

/// Why a `ClerkAuthProvider` (or `ClerkMachineTokenProvider`) call failed, sorted by what the
/// caller should do next.
///
/// A struct over a private kind, so new kinds can be added without breaking anyone's `switch`:
/// match a kind with its static member — `case .noActiveSession:`, `catch
/// ClerkAuthError.signInTimeout`, `case .tokenRetrievalFailed:` — and give the `switch` a
/// `default`. Two errors are equal when they are the same kind of failure; the details
/// (`reason`, `clerkError`, `step`) do not count. The first four kinds are those of Clerk's
/// Convex bridges; the rest say what they leave to the raw error.
///
/// What Clerk said is kept: `clerkError` (its `code`, `longMessage`, …; also as `code` and
/// `longMessage` here) when Clerk refused a request, and `step`, the part of the sign-in or
/// token work that failed.
public struct ClerkAuthError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Kind: String, Hashable, Sendable {
    case clerkNotLoaded, noActiveSession, tokenRetrievalFailed, signInTimeout, signInRejected
    case unavailable, configuration, organizationNotFound
  }

  private let kind: Kind
  /// The facts behind the error, in words (Clerk's words when it gave some); `nil` for the
  /// kinds that need none.
  public let reason: String?
  /// Clerk's error, when Clerk refused a request.
  public let clerkError: ClerkServerError?
  /// The step that failed, when known.
  public let step: Step?

  private init(
    _ kind: Kind, reason: String? = nil, clerkError: ClerkServerError? = nil, step: Step? = nil
  ) {
    self.kind = kind
    self.reason = reason
    self.clerkError = clerkError
    self.step = step
  }

  /// Clerk's machine-readable error code (`form_password_incorrect`, …), when Clerk refused.
  public var code: String? { clerkError?.code }
  /// Clerk's full explanation, when it gave one.
  public var longMessage: String? { clerkError?.longMessage }

  /// This error with Clerk's error and the step attached (those already set are kept).
  package func with(clerkError: ClerkServerError? = nil, step: Step? = nil) -> ClerkAuthError {
    ClerkAuthError(
      kind, reason: reason, clerkError: self.clerkError ?? clerkError, step: self.step ?? step)
  }

  // MARK: - Kinds

  /// No Clerk instance is configured: no publishable key, no Frontend API URL, nothing stored.
  public static let clerkNotLoaded = ClerkAuthError(.clerkNotLoaded)
  /// Not signed in, or the session ended, expired or was revoked.
  public static let noActiveSession = ClerkAuthError(.noActiveSession)
  /// The sign-in took longer than `signInTimeout`.
  public static let signInTimeout = ClerkAuthError(.signInTimeout)
  /// The session is live but no token could be minted (e.g. the JWT template does not exist).
  public static let tokenRetrievalFailed = ClerkAuthError(.tokenRetrievalFailed)
  /// Clerk refused the sign-in: wrong identifier, password, code or ticket, or a step this
  /// library cannot finish.
  public static let signInRejected = ClerkAuthError(.signInRejected)
  /// Clerk or the backend could not be reached, or answered with an error after retries.
  public static let unavailable = ClerkAuthError(.unavailable)
  /// A bad publishable key or URL, or a credential store that cannot be used.
  public static let configuration = ClerkAuthError(.configuration)
  /// The organization asked for is not one the user is a member of, or does not exist.
  public static let organizationNotFound = ClerkAuthError(.organizationNotFound)

  /// `tokenRetrievalFailed`, with why.
  public static func tokenRetrievalFailed(_ reason: String) -> ClerkAuthError {
    ClerkAuthError(.tokenRetrievalFailed, reason: reason)
  }
  /// `signInRejected`, with why.
  public static func signInRejected(_ reason: String) -> ClerkAuthError {
    ClerkAuthError(.signInRejected, reason: reason)
  }
  /// `unavailable`, with why.
  public static func unavailable(_ reason: String) -> ClerkAuthError {
    ClerkAuthError(.unavailable, reason: reason)
  }
  /// `configuration`, with why.
  public static func configuration(_ reason: String) -> ClerkAuthError {
    ClerkAuthError(.configuration, reason: reason)
  }
  /// `organizationNotFound`; the reason lists the user's organizations.
  public static func organizationNotFound(_ reason: String) -> ClerkAuthError {
    ClerkAuthError(.organizationNotFound, reason: reason)
  }

  // MARK: - Matching

  /// Same kind of failure (details aside).
  public static func == (lhs: ClerkAuthError, rhs: ClerkAuthError) -> Bool {
    lhs.kind == rhs.kind
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
  }

  /// `catch ClerkAuthError.noActiveSession`, `case ClerkAuthError.signInTimeout:` on any error.
  public static func ~= (pattern: ClerkAuthError, value: any Error) -> Bool {
    (value as? ClerkAuthError)?.kind == pattern.kind
  }

  // MARK: - Words

  /// One line: what happened and what to do.
  public var description: String {
    switch kind {
    case .clerkNotLoaded:
      return "no Clerk instance configured: pass publishableKey: or frontendApiUrl: to "
        + "ClerkAuthProvider, or set CLERK_PUBLISHABLE_KEY or CLERK_FAPI_URL"
    case .noActiveSession:
      return "no active Clerk session" + (reason.map { ": \($0)" } ?? ": sign in with login(…)")
    case .tokenRetrievalFailed:
      return "failed to retrieve a Clerk token: \(reason ?? "Clerk gave none")"
    case .signInTimeout:
      return "timed out waiting for the Clerk sign-in to complete; try again or raise "
        + "signInTimeout"
    case .signInRejected:
      return reason ?? "Clerk rejected the sign-in"
    case .unavailable:
      return reason ?? "Clerk is unavailable"
    case .configuration:
      return reason ?? "the Clerk configuration is invalid"
    case .organizationNotFound:
      return reason ?? "no such organization"
    }
  }

  /// `description` (what `localizedDescription` shows: the `LocalizedError` conformance is in
  /// the product's ClerkctlKitLocalizedError module).
  public var errorDescription: String? { description }
}
