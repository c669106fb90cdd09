import ClerkctlWire

/// The signed-in user's organizations: list them, and choose the session's active one.
extension ClerkAccount {
  /// The user's memberships and the session's active organization, both as Clerk reports them
  /// now (the session is checked first, so an ended one is `notSignedIn`).
  package func organizations() throws -> (
    credential: ProfileCredential, memberships: [OrganizationMembership]
  ) {
    try memberships(of: liveSession().credential)
  }

  /// The memberships of the user `credential` (a stored, checked one) is signed in as.
  package func memberships(
    of credential: ProfileCredential
  ) throws -> (credential: ProfileCredential, memberships: [OrganizationMembership]) {
    guard let sessionID = credential.sessionID else {
      throw ClerkError.notSignedIn(profile: profile, .noSignIn)
    }
    let api = api(fapiURL: instance?.url ?? credential.fapiURL, clientToken: credential.clientToken)
    let memberships = try sessionCall { () throws(ClerkError) in
      try api.organizationMemberships(sessionID: sessionID)
    }
    return (try keepRotatedToken(of: api, in: credential), memberships)
  }

  /// Makes `reference` (an organization id or slug; `nil`: none, the personal account) the
  /// session's active organization at Clerk (the session `touch`), records what Clerk then
  /// reports in the credential and drops the cached tokens (their claims change).
  ///
  /// - Returns: the stored credential and the membership now active (`nil` for none).
  /// - Throws: `ClerkError.organizationNotFound` (with the memberships) when the user is not a
  ///   member of it or it does not exist; `notSignedIn` when the session is gone.
  package func setActiveOrganization(
    _ reference: String?
  ) throws -> (credential: ProfileCredential, membership: OrganizationMembership?) {
    let credential = try requireCredential()
    guard let sessionID = credential.sessionID else {
      throw ClerkError.notSignedIn(profile: profile, .noSignIn)
    }
    let api = api(fapiURL: instance?.url ?? credential.fapiURL, clientToken: credential.clientToken)
    var memberships: [OrganizationMembership] = []
    var chosen: OrganizationMembership?
    if let reference {
      memberships = try sessionCall { () throws(ClerkError) in
        try api.organizationMemberships(sessionID: sessionID)
      }
      chosen = memberships.first { $0.matches(reference) }
    }
    // The touch and the record happen under the profile lock, as token mints do: a mint can
    // never send the previous organization between them and so undo the switch at Clerk.
    let (stored, session) = try store.withLock(profile: profile, timeout: lockTimeout) {
      var fresh = try requireCredential()
      guard let current = fresh.sessionID else {
        throw ClerkError.notSignedIn(profile: profile, .noSignIn)
      }
      let api = self.api(fapiURL: instance?.url ?? fresh.fapiURL, clientToken: fresh.clientToken)
      let session: ClerkSession
      do {
        // An unknown reference goes to Clerk as it is: Clerk says whether it exists.
        session = try sessionCall { () throws(ClerkError) in
          try api.touchSession(
            current, activeOrganizationID: reference.map { chosen?.organizationID ?? $0 })
        }
      } catch ClerkError.api(let error) where error.code == "organization_not_found_or_unauthorized"
      {
        throw ClerkError.organizationNotFound(
          profile: profile, reference: reference ?? "", memberships: memberships)
      }
      guard session.isActive else {
        throw ClerkError.notSignedIn(profile: profile, .state(session.status.rawValue))
      }
      if api.clientTokenChanged, let rotated = api.clientToken { fresh.clientToken = rotated }
      // Their claims name the previous organization, whatever Clerk reports now.
      fresh.tokens = [:]
      fresh.activeOrganization = session.activeOrganization
      try store.save(fresh)
      return (fresh, session)
    }
    let active = session.activeOrganization.id.flatMap { id in
      chosen?.organizationID == id ? chosen : memberships.first { $0.organizationID == id }
    }
    return (stored, active)
  }

  /// Runs a request on the stored session, reading Clerk's 401 (and a 404 that is not about an
  /// organization) as the session being gone.
  private func sessionCall<T>(_ body: () throws(ClerkError) -> T) throws -> T {
    let result = Result(catching: body)
    if case .failure(.api(let error)) = result,
      error.status == 401
        || (error.status == 404 && error.code != "organization_not_found_or_unauthorized")
    {
      throw ClerkError.notSignedIn(profile: profile, .ended)
    }
    return try result.get()
  }

  /// `credential`, with the client token `api` was handed in place of the stored one (saved).
  private func keepRotatedToken(
    of api: FrontendAPIClient, in credential: ProfileCredential
  ) throws -> ProfileCredential {
    guard api.clientTokenChanged, let rotated = api.clientToken else { return credential }
    return try store.withLock(profile: profile, timeout: lockTimeout) {
      var fresh = try requireCredential()
      guard fresh.sessionID == credential.sessionID else { return fresh }
      fresh.clientToken = rotated
      try store.save(fresh)
      return fresh
    }
  }
}
