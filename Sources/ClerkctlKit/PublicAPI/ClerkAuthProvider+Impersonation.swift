import FoundationEssentials

/// Impersonated sign-in: an actor token from the Backend API redeemed as a ticket. The
/// session's tokens carry `act: {"sub": actor}`; the stored sign-in is marked with the actor.
extension ClerkAuthProvider {
  /// Signs in as `userId` on behalf of `actor`, with the instance's Backend API secret key.
  ///
  /// - Parameters:
  ///   - userId: the user to sign in as (`user_…`).
  ///   - actor: who acts (the `act.sub` of the tokens), e.g. a support agent's id.
  ///   - secretKey: the instance's Backend API secret key (`sk_…`).
  ///   - backendApiUrl: the Backend API base (`https://api.clerk.com`, or the emulator's).
  /// - Throws: `ClerkAuthError.signInRejected` when Clerk refuses (impersonation is a paid
  ///   add-on with a monthly quota), `.configuration` for a wrong secret key.
  public func loginImpersonating(
    userId: String, actor: String, secretKey: String,
    backendApiUrl: String = "https://api.clerk.com"
  ) async throws -> ClerkCredentials {
    try await performTimed(.signIn, announce: true) { [self] account in
      guard let fapiURL = try instance.get()?.url else { throw ClerkAuthError.clerkNotLoaded }
      let backend = BackendAPIClient(
        baseURL: backendApiUrl, secretKey: secretKey, http: http,
        requestTimeout: requestTimeout)
      let ticket = try backend.createActorToken(userID: userId, actor: actor)
      let method = ClerkSignInMethod.ticket(ticket.token)
      let signedIn: ProfileCredential
      do {
        signedIn = try account.signIn(
          method: method.method, inputs: method.inputs, fapiURL: fapiURL,
          timeout: signInTimeout
        ).credential
      } catch {
        try? backend.revokeActorToken(id: ticket.id)
        throw error
      }
      var marked = signedIn
      marked.impersonation = Impersonation(actor: actor, actorTokenID: ticket.id)
      try account.store.save(marked)
      return try account.token(
        template: jwtTemplate, minTTL: minimumTokenTtl, forceRefresh: false)
    }.credentials
  }
}
