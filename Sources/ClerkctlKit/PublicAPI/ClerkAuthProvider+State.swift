extension ClerkAuthProvider {
  /// The mutable part of a provider, behind its mutex.
  struct State {
    var current: AuthState<ClerkCredentials> = .unauthenticated
    var onIdToken: Callback?
    /// The tokens `onIdToken` got since it last got `nil`, newest last (the latest
    /// ``deliveryMemory``): none is handed on twice.
    var delivered: [String] = []
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

    /// How many of the latest tokens `delivered` keeps.
    static let deliveryMemory = 8

    /// Whether `onIdToken` got a token since it last got `nil`.
    var deliveredToken: Bool { !delivered.isEmpty }

    /// Takes `onIdToken` to call with `jwt`, unless it has had that token already.
    mutating func delivery(of jwt: String) -> (@Sendable (String?) -> Void)? {
      guard let callback = onIdToken, !delivered.contains(jwt) else { return nil }
      delivered.append(jwt)
      if delivered.count > Self.deliveryMemory { delivered.removeFirst() }
      return callback
    }

    /// `onIdToken` got (or is about to get) `nil`: the tokens it had are forgotten.
    mutating func forgetDelivered() {
      delivered = []
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
