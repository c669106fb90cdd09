import ClerkctlCore
import ClerkctlHTTP

extension ClerkAuthError {
  /// What the provider was doing when an error happened; it decides what a bare Clerk refusal
  /// means.
  package enum Activity: Sendable {
    case signIn, token, signOut, store

    /// The public step this activity is.
    var step: ClerkAuthError.Step {
      switch self {
      case .signIn: .signIn
      case .token: .token
      case .signOut: .signOut
      case .store: .store
      }
    }
  }

  /// The library error for any error the account layer, the store or the transport throws.
  ///
  /// - Parameter step: the step that failed, when finer than the activity's.
  package init(_ error: any Error, during activity: Activity, step: Step? = nil) {
    let inferred = activity == .signIn ? Self.signInStep(of: error) : nil
    self = Self.mapped(error, during: activity).with(step: step ?? inferred ?? activity.step)
  }

  /// The sign-in step a refusal belongs to, when Clerk's code tells (a sign-in run as one call).
  private static func signInStep(of error: any Error) -> Step? {
    guard let code = (error as? ClerkError)?.apiError?.code else { return nil }
    if ["form_identifier_not_found", "identifier_not_found"].contains(code) { return .identifier }
    if code.hasPrefix("form_password") { return .firstFactor }
    return nil
  }

  private static func mapped(_ error: any Error, during activity: Activity) -> ClerkAuthError {
    var result: ClerkAuthError
    switch error {
    case let error as ClerkAuthError:
      return error
    case let error as ClerkError:
      return mapped(error, during: activity).with(
        clerkError: error.apiError.map(ClerkServerError.init))
    case let error as CredentialStoreError:
      result = .configuration(error.description)
    case InstanceError.notConfigured:
      result = .clerkNotLoaded
    case let error as InstanceError:
      result = .configuration(error.description)
    case let error as HTTPError:
      result =
        error.isConfigurationError
        ? .configuration(error.description) : .unavailable(error.description)
    case let error as JWTError:
      result = .tokenRetrievalFailed(error.description)
    default:
      result =
        activity == .store
        ? .configuration("the credential store failed: \(error)")
        : .unavailable(String(describing: error))
    }
    return result
  }

  private static func mapped(_ error: ClerkError, during activity: Activity) -> ClerkAuthError {
    switch error {
    case .notSignedIn:
      return .noActiveSession
    case .tokenRefused(let reason):
      return .tokenRetrievalFailed(reason)
    case .tokenTooShortLived:
      return .tokenRetrievalFailed(error.description)
    case .signInRejected(let reason):
      return .signInRejected(reason)
    case .signInUnsupported, .signUpNotAllowed, .inputRejected:
      return .signInRejected(error.description)
    case .redirectRefused, .callbackPortInUse, .signInNotStored:
      return .configuration(error.description)
    case .signInTimedOut:
      return .signInTimeout
    case .organizationNotFound:
      return .organizationNotFound(error.description)
    case .configuration(let reason):
      return .configuration(reason)
    case .transport(let http):
      return
        http.isConfigurationError
        ? .configuration(error.description) : .unavailable(error.description)
    case .unavailable, .malformedResponse:
      return .unavailable(error.description)
    case .api:
      switch activity {
      case .signIn: return .signInRejected(error.description)
      case .token: return .tokenRetrievalFailed(error.description)
      case .signOut, .store: return .unavailable(error.description)
      }
    }
  }
}
