import ClerkctlCore
import FoundationEssentials

/// `login()`: the seed's sign-in that returns the session there is, or waits for one.
extension ClerkAuthProvider {
  /// How often a waiting `login()` looks at the store, seconds.
  package static let signInPollInterval = 0.2

  /// The stored sign-in's credentials at once when there is a session; otherwise waits up to
  /// `signInTimeout` seconds for one to appear on the same store — signed in by another task
  /// of the app (`login(_:)`, `login(identifier:password:)`, the step-by-step `signIn`) or by
  /// another process sharing the store (the command-line tool signing in on that profile) — and returns its
  /// credentials.
  ///
  /// - Throws: `ClerkAuthError.signInTimeout` when no session appeared in time;
  ///   `CancellationError` when the task is cancelled while waiting; other `ClerkAuthError`s
  ///   as `loginFromCache()` throws them.
  public func login() async throws -> ClerkCredentials {
    let deadline = clock.now().addingTimeInterval(signInTimeout)
    let generation = state.withLock { $0.signInGeneration }
    var seen: ProfileCredential?
    do {
      seen = try? storedCredential()
      return try await loginFromCache()
    } catch ClerkAuthError.noActiveSession {}
    transition(to: .loading)
    while true {
      if let credentials = state.withLock({
        $0.signInGeneration > generation ? $0.lastSignIn : nil
      }) {
        return credentials
      }
      let stored = try? storedCredential()
      if let stored, stored.sessionID != nil, stored != seen {
        seen = stored
        do {
          return try await loginFromCache()
        } catch ClerkAuthError.noActiveSession {
          transition(to: .loading)
        }
      }
      guard clock.now() < deadline else {
        transition(to: .unauthenticated)
        throw ClerkAuthError.signInTimeout.with(step: .signIn)
      }
      let pause = min(Self.signInPollInterval, max(0, deadline.timeIntervalSince(clock.now())))
      do {
        try await clock.suspend(pause)
      } catch {
        transition(to: .unauthenticated)
        throw CancellationError()
      }
    }
  }

  /// What the store holds for this provider's profile now (never sent anywhere).
  private func storedCredential() throws -> ProfileCredential? {
    let backing = try backing.get()
    return try backing.store.load(profile: backing.profile)
  }
}
