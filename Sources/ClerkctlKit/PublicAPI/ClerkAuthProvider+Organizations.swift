/// The signed-in user's Clerk organizations: list them and choose the active one, whose id the
/// credentials carry and whose claims (`o`, a template's `{{org.*}}`) tokens minted afterwards
/// have.
extension ClerkAuthProvider {
  /// The user's organization memberships, the session's active one marked, as Clerk reports
  /// them now.
  ///
  /// - Throws: `ClerkAuthError.noActiveSession` when not signed in or the session ended.
  public func organizationMemberships() async throws -> [ClerkOrganizationMembership] {
    do {
      return try await Self.offload { [self] in
        let (credential, memberships) = try account().organizations()
        return memberships.map {
          ClerkOrganizationMembership($0, active: credential.activeOrganization)
        }
      }
    } catch {
      throw ClerkAuthError(error, during: .token)
    }
  }

  /// Makes `organization` (an id `org_…` or a slug; `nil`: none, the personal account) the
  /// session's active organization at Clerk, drops the cached tokens (their claims change),
  /// and mints a new token, which `onIdToken` and `authState` get.
  ///
  /// - Returns: credentials whose `organizationId` is the organization Clerk now reports.
  /// - Throws: `ClerkAuthError.organizationNotFound` (listing the user's organizations) when the
  ///   user is not a member of it; `.noActiveSession` when not signed in.
  @discardableResult
  public func setActiveOrganization(_ organization: String?) async throws -> ClerkCredentials {
    try await performTimed(.token, announce: false) { [jwtTemplate, minimumTokenTtl] account in
      _ = try account.setActiveOrganization(organization)
      return try account.token(template: jwtTemplate, minTTL: minimumTokenTtl, forceRefresh: true)
    }.credentials
  }
}
