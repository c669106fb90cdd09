extension ClerkAuthProvider {
  /// The mutable part of a provider, behind its mutex.
  struct State {
    typealias Waiter = CheckedContinuation<ClerkCredentials, any Error>

    var current: AuthState<ClerkCredentials> = .unauthenticated
    var onIdToken: Callback?
    /// Whether `onIdToken` got a token since it last got `nil`.
    var deliveredToken = false
    var observers: [Int: AsyncStream<AuthState<ClerkCredentials>>.Continuation] = [:]
    var nextObserver = 0
    /// Counts completed `login(_:)` calls; `lastSignIn` is the newest one's credentials.
    var signInGeneration = 0
    var lastSignIn: ClerkCredentials?
    var waiters: [Int: Waiter] = [:]
    var nextWaiter = 0

    /// Sets the state and tells every observer.
    mutating func publish(_ next: AuthState<ClerkCredentials>) {
      current = next
      for observer in observers.values { observer.yield(next) }
    }

    /// Records a completed sign-in and wakes everyone waiting for one.
    mutating func signedIn(_ credentials: ClerkCredentials) {
      signInGeneration += 1
      lastSignIn = credentials
      for id in Array(waiters.keys) { resumeWaiter(id, with: .success(credentials)) }
    }

    /// Waits for a sign-in newer than `generation` (at once when one already happened).
    mutating func addWaiter(_ id: Int, _ waiter: Waiter, after generation: Int) {
      if signInGeneration > generation, let lastSignIn {
        waiter.resume(returning: lastSignIn)
      } else {
        waiters[id] = waiter
      }
    }

    /// Resumes waiter `id`, if it still waits.
    mutating func resumeWaiter(_ id: Int, with result: Result<ClerkCredentials, ClerkAuthError>) {
      waiters.removeValue(forKey: id)?.resume(with: result.mapError { $0 as any Error })
    }

    /// Ends every stream and wait (the provider is going away).
    mutating func finishAll() {
      for observer in observers.values { observer.finish() }
      observers = [:]
      for waiter in waiters.values { waiter.resume(throwing: ClerkAuthError.noActiveSession) }
      waiters = [:]
    }
  }
}
