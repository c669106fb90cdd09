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
  /// - Throws: `ClerkError.signInNotStored` when the credential cannot be stored (a full disk,
  ///   say); the new session is signed out at Clerk first, so it is not left open.
  package func store(
    _ outcome: SignInFlow.Outcome, fapiURL: String, clockSkew: Double
  ) throws -> (credential: ProfileCredential, previousSignOutError: ClerkError?) {
    var credential = ProfileCredential(
      profile: profile, fapiURL: fapiURL, clientToken: outcome.clientToken,
      sessionID: outcome.sessionID, userID: outcome.user.id, email: outcome.user.email,
      signedInAt: clock.epochSeconds, clockSkew: clockSkew,
      activeOrganization: outcome.activeOrganization, identifier: outcome.user.identifier)
    credential.instanceKeys = instanceKeys(fapiURL: fapiURL)
    let previous: ProfileCredential?
    do {
      previous = try store.withLock(profile: profile, timeout: lockTimeout) {
        let previous = try? store.loadForRemoval(profile: profile)
        if let exposure = previous?.exposure { onExposedCredential?(exposure) }
        try store.save(credential)
        return previous?.credential
      }
    } catch {
      throw endUnstored(outcome, fapiURL: fapiURL, because: error)
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

  /// Signs out the new session of a sign-in whose credential could not be stored: no one
  /// could use or end it later.
  private func endUnstored(
    _ outcome: SignInFlow.Outcome, fapiURL: String, because error: any Error
  ) -> ClerkError {
    var ended = true
    do {
      try api(fapiURL: fapiURL, clientToken: outcome.clientToken).removeSession(outcome.sessionID)
    } catch {
      ended = Self.sessionAlreadyGone(error)
    }
    return .signInNotStored(reason: String(describing: error), sessionEnded: ended)
  }
}
