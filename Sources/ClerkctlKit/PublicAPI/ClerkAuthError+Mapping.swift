import ClerkctlCore
import ClerkctlHTTP

extension ClerkAuthError {
  /// What the provider was doing when an error happened; it decides what a bare Clerk refusal
  /// means.
  package enum Activity: Sendable {
    case signIn, token, signOut, store
  }

  /// The library error for any error the account layer, the store or the transport throws.
  package init(_ error: any Error, during activity: Activity) {
    switch error {
    case let error as ClerkAuthError:
      self = error
    case let error as ClerkError:
      self.init(error, during: activity)
    case let error as CredentialStoreError:
      self = .configuration(error.description)
    case InstanceError.notConfigured:
      self = .clerkNotLoaded
    case let error as InstanceError:
      self = .configuration(error.description)
    case let error as HTTPError:
      self =
        error.isConfigurationError
        ? .configuration(error.description) : .unavailable(error.description)
    case let error as JWTError:
      self = .tokenRetrievalFailed(error.description)
    default:
      self =
        activity == .store
        ? .configuration("the credential store failed: \(error)")
        : .unavailable(String(describing: error))
    }
  }

  private init(_ error: ClerkError, during activity: Activity) {
    switch error {
    case .notSignedIn:
      self = .noActiveSession
    case .tokenRefused(let reason):
      self = .tokenRetrievalFailed(reason)
    case .tokenTooShortLived:
      self = .tokenRetrievalFailed(error.description)
    case .signInRejected(let reason):
      self = .signInRejected(reason)
    case .signInUnsupported, .signUpNotAllowed, .inputRejected:
      self = .signInRejected(error.description)
    case .redirectRefused, .callbackPortInUse:
      self = .configuration(error.description)
    case .signInTimedOut:
      self = .signInTimeout
    case .organizationNotFound:
      self = .organizationNotFound(error.description)
    case .configuration(let reason):
      self = .configuration(reason)
    case .transport(let http):
      self =
        http.isConfigurationError
        ? .configuration(error.description) : .unavailable(error.description)
    case .unavailable, .malformedResponse:
      self = .unavailable(error.description)
    case .api:
      switch activity {
      case .signIn: self = .signInRejected(error.description)
      case .token: self = .tokenRetrievalFailed(error.description)
      case .signOut, .store: self = .unavailable(error.description)
      }
    }
  }
}
