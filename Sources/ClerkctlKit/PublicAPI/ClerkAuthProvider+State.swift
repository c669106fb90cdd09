extension ClerkAuthProvider {
  /// The mutable part of a provider, behind its mutex.
  struct State {
    var current: AuthState<ClerkCredentials> = .unauthenticated
    var onIdToken: Callback?
    /// Whether `onIdToken` got a token since it last got `nil`.
    var deliveredToken = false
    /// The token `onIdToken` (or the caller, as a return value) has now: never handed on twice.
    var lastDelivered: String?
    var observers: [Int: AsyncStream<AuthState<ClerkCredentials>>.Continuation] = [:]
    var nextObserver = 0
    /// Counts completed `login(_:)` calls; `lastSignIn` is the newest one's credentials.
    var signInGeneration = 0
    var lastSignIn: ClerkCredentials?
    /// The tasks keeping tokens fresh (`idTokens` streams, the `onIdToken` renewal), by id.
    var renewals: [Int: Renewal] = [:]
    var nextRenewal = 0
    /// The id of the renewal feeding `onIdToken`, if one runs.
    var callbackRenewal: Int?

    /// Sets the state and tells every observer.
    mutating func publish(_ next: AuthState<ClerkCredentials>) {
      current = next
      for observer in observers.values { observer.yield(next) }
    }

    /// Records a completed sign-in (a `login()` waiting for one sees it).
    mutating func signedIn(_ credentials: ClerkCredentials) {
      signInGeneration += 1
      lastSignIn = credentials
    }

    /// Takes `onIdToken` to call with `jwt`, unless it has that token already.
    mutating func delivery(of jwt: String) -> (@Sendable (String?) -> Void)? {
      guard let callback = onIdToken, lastDelivered != jwt else { return nil }
      lastDelivered = jwt
      deliveredToken = true
      return callback
    }

    /// Cancels every renewal and ends every `idTokens` stream (logout).
    mutating func stopRenewals() {
      for renewal in renewals.values {
        renewal.task.cancel()
        renewal.finish()
      }
      renewals = [:]
      callbackRenewal = nil
    }

    /// Ends every stream (the provider is going away).
    mutating func finishAll() {
      stopRenewals()
      for observer in observers.values { observer.finish() }
      observers = [:]
    }
  }
}
