import ClerkctlCore
import FoundationEssentials

extension ClerkAccount {
  /// Stores a finished sign-in as the profile's credential; only then signs the profile's
  /// previous session out (best effort: a failure there is returned, not thrown). A previous
  /// credential that others could read is replaced too, and its session ended, after
  /// `onExposedCredential` is told.
  ///
  /// - Parameters:
  ///   - outcome: the session, user and rotated client token.
  ///   - fapiURL: the instance.
  ///   - clockSkew: Clerk's clock minus ours, seconds.
  /// - Returns: the stored credential, and the error that kept the old session from ending.
  package func store(
    _ outcome: SignInFlow.Outcome, fapiURL: String, clockSkew: Double
  ) throws -> (credential: ProfileCredential, previousSignOutError: ClerkError?) {
    let credential = ProfileCredential(
      profile: profile, fapiURL: fapiURL, clientToken: outcome.clientToken,
      sessionID: outcome.sessionID, userID: outcome.user.id, email: outcome.user.email,
      signedInAt: clock.epochSeconds, clockSkew: clockSkew,
      activeOrganization: outcome.activeOrganization, identifier: outcome.user.identifier)
    let previous: ProfileCredential? = try store.withLock(profile: profile, timeout: lockTimeout) {
      let previous = try? store.loadForRemoval(profile: profile)
      if let exposure = previous?.exposure { onExposedCredential?(exposure) }
      try store.save(credential)
      return previous?.credential
    }
    var signOutError: ClerkError?
    if let previous, let oldSession = previous.sessionID, oldSession != outcome.sessionID {
      do {
        try self.api(fapiURL: previous.fapiURL, clientToken: previous.clientToken)
          .removeSession(oldSession)
      } catch {
        if !Self.sessionAlreadyGone(error) { signOutError = error }
      }
    }
    return (credential, signOutError)
  }
}
