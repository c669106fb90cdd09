import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// One OAuth profile: a sign-in with Clerk as the OAuth 2.1 authorization server (PKCE, a
/// random `state`), access tokens through the profile's cache (one refresh however many
/// processes ask: the profile lock is taken and the cache checked again first; a rotated
/// refresh token is saved in the same atomic write), userinfo and revocation.
///
/// The refresh token goes only to the token and revocation endpoints of the issuer it was
/// issued by — the profile's `fapiURL` origin — and to no other origin.
package struct OAuthAccount: ProfileAccessing {
  /// The profile, its store and what requests go with.
  package var access: ProfileAccess

  package init(_ access: ProfileAccess) {
    self.access = access
  }

  /// An access token and where it came from.
  package struct TokenResult: Sendable {
    package var accessToken: String
    package var issuedAt: Int64
    package var expiresAt: Int64
    /// Seconds left now.
    package var expiresIn: Int64
    package var credential: ProfileCredential
    package var oauth: OAuthCredential
    /// Whether this call asked the token endpoint (false: from the profile's cache).
    package var refreshed: Bool
  }

  package var server: OAuthServerClient {
    OAuthServerClient(http: access.http, requestTimeout: access.requestTimeout)
  }

  // MARK: - The stored grant

  /// The stored grant.
  ///
  /// - Throws: `OAuthError.notOAuth`; `InstanceError.boundElsewhere` (nothing is sent) when
  ///   `instance` names another origin than the issuer's.
  package func requireCredential() throws -> (ProfileCredential, OAuthCredential) {
    guard let credential = try access.store.load(profile: access.profile),
      credential.kind == .oauth,
      let oauth = credential.oauth
    else { throw OAuthError.notOAuth(profile: access.profile) }
    try access.instance?.requireBinding(of: credential)
    try Self.requireSameOrigin(oauth.endpoints, as: credential.fapiURL)
    return (credential, oauth)
  }

  /// Refuses endpoints on another origin than `fapiURL`'s: the grant's secrets go to its
  /// issuer only.
  package static func requireSameOrigin(
    _ endpoints: OAuthEndpoints, as fapiURL: String
  ) throws(OAuthError) {
    let expected = InstanceOrigin(url: fapiURL)
    for url in endpoints.all where InstanceOrigin(url: url) != expected {
      throw .issuerMismatch(
        expected: expected?.description ?? fapiURL,
        found: InstanceOrigin(url: url)?.description ?? url)
    }
  }

  // MARK: - Signing in

  /// The authorization server metadata of the instance at `fapiURL`, every endpoint checked
  /// to be on its origin.
  package func endpoints(fapiURL: String) throws -> OAuthEndpoints {
    let endpoints = try server.discover(fapiURL: fapiURL)
    try Self.requireSameOrigin(endpoints, as: fapiURL)
    return endpoints
  }

  /// A new authorization request (discovery, PKCE, `state`) for the redirect `redirectURI`.
  package func authorizationRequest(
    fapiURL: String, clientID: String, scopes: [String], redirectURI: String,
    resource: String? = nil
  ) throws -> OAuthAuthorizationRequest {
    try OAuthAuthorizationRequest(
      fapiURL: fapiURL, endpoints: endpoints(fapiURL: fapiURL), clientID: clientID,
      redirectURI: redirectURI, scopes: scopes, resource: resource)
  }

  /// Exchanges the redirect's code (after checking its `state`) and stores the grant as the
  /// profile's credential (kind `oauth`), replacing what it held; a previous OAuth grant's
  /// refresh token is then revoked, as far as its issuer lets it.
  ///
  /// - Throws: `OAuthError.stateMismatch`, `.authorizationDenied`, `.issuerMismatch` for a
  ///   redirect that is not this request's answer (nothing is sent); `.refused` when the token
  ///   endpoint refuses the code (used, expired, or the verifier does not match).
  package func completeLogin(
    _ request: OAuthAuthorizationRequest, callback: OAuthCallback, clientSecret: String?
  ) throws -> TokenResult {
    let code = try request.code(from: callback)
    return try exchange(request, code: code, clientSecret: clientSecret)
  }

  /// Exchanges `code` for the grant and stores it (see ``completeLogin(_:callback:clientSecret:)``).
  package func exchange(
    _ request: OAuthAuthorizationRequest, code: String, clientSecret: String?
  ) throws -> TokenResult {
    let started = access.clock.epochSeconds
    let client = OAuthServerClient.ClientAuthentication(
      clientID: request.clientID, clientSecret: clientSecret)
    let reply = try server.token(
      request.endpoints.token,
      [
        ("grant_type", "authorization_code"), ("code", code),
        ("redirect_uri", request.redirectURI), ("code_verifier", request.pkce.verifier),
      ], client: client)
    let oauth = OAuthCredential(
      clientID: request.clientID, clientSecret: clientSecret, refreshToken: reply.refreshToken,
      scopes: reply.scopes ?? request.scopes, endpoints: request.endpoints,
      resource: request.resource, accessToken: reply.accessToken, issuedAt: started,
      expiresAt: started + reply.expiresIn, idToken: reply.idToken)
    var credential = ProfileCredential(
      profile: access.profile, fapiURL: request.fapiURL, clientToken: "", signedInAt: started)
    credential.kind = .oauth
    credential.oauth = oauth
    if let info = try? userinfo(oauth, accessToken: reply.accessToken) {
      credential.userID = info["sub"]?.stringValue ?? info["user_id"]?.stringValue
      credential.email = info["email"]?.stringValue
      credential.identifier = info["email"]?.stringValue ?? info["preferred_username"]?.stringValue
    }
    let previous = try access.withLock {
      let previous = try? access.store.load(profile: access.profile)
      try access.store.save(credential)
      return previous
    }
    if let previous, previous.kind == .oauth, let old = previous.oauth,
      let token = old.refreshToken, token != oauth.refreshToken,
      let endpoint = old.endpoints.revocation,
      (try? Self.requireSameOrigin(old.endpoints, as: previous.fapiURL)) != nil
    {
      try? server.revoke(
        endpoint, token: token, hint: "refresh_token",
        client: .init(clientID: old.clientID, clientSecret: old.clientSecret))
    }
    return result(credential, oauth, refreshed: true)
  }

  // MARK: - Tokens

  /// An access token with at least `minTTL` seconds left: the cached one, else one from the
  /// refresh token (one request under the profile lock; a rotated refresh token replaces the
  /// old one in the same write).
  ///
  /// - Throws: `OAuthError.grantEnded` when the issuer refuses the refresh token, or the
  ///   grant has none and the access token ran low.
  package func token(minTTL: Double, forceRefresh: Bool = false) throws -> TokenResult {
    let (credential, oauth) = try requireCredential()
    if !forceRefresh, let hit = cacheHit(credential, oauth, minTTL: minTTL) { return hit }
    return try access.withLock {
      let (fresh, freshOAuth) = try requireCredential()
      if !forceRefresh, let hit = cacheHit(fresh, freshOAuth, minTTL: minTTL) { return hit }
      return try refresh(fresh, freshOAuth)
    }
  }

  /// Whether `token` is the access token this profile would hand out.
  private func cacheHit(
    _ credential: ProfileCredential, _ oauth: OAuthCredential, minTTL: Double
  ) -> TokenResult? {
    guard oauth.accessToken != nil else { return nil }
    let left = Double(oauth.expiresAt) - access.clock.now().timeIntervalSince1970
    guard left >= minTTL else { return nil }
    return result(credential, oauth, refreshed: false)
  }

  /// One `refresh_token` grant, saved; the caller holds the lock.
  private func refresh(
    _ credential: ProfileCredential, _ oauth: OAuthCredential
  ) throws -> TokenResult {
    guard let refreshToken = oauth.refreshToken else {
      throw OAuthError.grantEnded(
        profile: access.profile, clientID: oauth.clientID,
        detail: "the access token expired and the sign-in has no refresh token "
          + "(offline_access was not granted)")
    }
    let started = access.clock.epochSeconds
    let reply: OAuthTokenReply
    do {
      reply = try server.token(
        oauth.endpoints.token,
        [("grant_type", "refresh_token"), ("refresh_token", refreshToken)],
        client: .init(clientID: oauth.clientID, clientSecret: oauth.clientSecret))
    } catch OAuthError.refused(let status, let error, let description)
      where Self.endsGrant(status: status, error: error)
    {
      throw OAuthError.grantEnded(
        profile: access.profile, clientID: oauth.clientID,
        detail: "the issuer refused the refresh token: \(error)"
          + (description.map { ", \($0)" } ?? ""))
    }
    var updated = oauth
    updated.accessToken = reply.accessToken
    updated.issuedAt = started
    updated.expiresAt = started + reply.expiresIn
    // Clerk may rotate the refresh token; when it sends none, the old one stays valid.
    if let rotated = reply.refreshToken { updated.refreshToken = rotated }
    if let scopes = reply.scopes { updated.scopes = scopes }
    if let idToken = reply.idToken { updated.idToken = idToken }
    var saved = credential
    saved.oauth = updated
    try access.store.save(saved)
    return result(saved, updated, refreshed: true)
  }

  /// Whether a refusal at the token endpoint means the grant is over.
  static func endsGrant(status: Int, error: String) -> Bool {
    ["invalid_grant", "invalid_token", "invalid_client", "unauthorized_client"].contains(error)
      || status == 401
  }

  private func result(
    _ credential: ProfileCredential, _ oauth: OAuthCredential, refreshed: Bool
  ) -> TokenResult {
    let left = Double(oauth.expiresAt) - access.clock.now().timeIntervalSince1970
    return TokenResult(
      accessToken: oauth.accessToken ?? "", issuedAt: oauth.issuedAt,
      expiresAt: oauth.expiresAt, expiresIn: Int64(left.rounded(.down)),
      credential: credential, oauth: oauth, refreshed: refreshed)
  }

  /// The grant's ID token, refreshed along with the access token when that runs low.
  ///
  /// - Throws: `OAuthError.noIDToken` when the sign-in had no `openid` scope.
  package func idToken(minTTL: Double, forceRefresh: Bool = false) throws -> (String, TokenResult) {
    let result = try token(minTTL: minTTL, forceRefresh: forceRefresh)
    guard let idToken = result.oauth.idToken else {
      throw OAuthError.noIDToken(profile: access.profile, clientID: result.oauth.clientID)
    }
    return (idToken, result)
  }

  // MARK: - Calls with the access token

  /// The userinfo claims of the signed-in user; a refused access token is refreshed once.
  package func userinfo(minTTL: Double = 10) throws -> (JSONValue, TokenResult) {
    let current = try token(minTTL: minTTL)
    do {
      return (try userinfo(current.oauth, accessToken: current.accessToken), current)
    } catch OAuthError.refused(401, _, _) {
      let renewed = try token(minTTL: minTTL, forceRefresh: true)
      do {
        return (try userinfo(renewed.oauth, accessToken: renewed.accessToken), renewed)
      } catch OAuthError.refused(401, let error, let description) {
        throw OAuthError.grantEnded(
          profile: access.profile, clientID: renewed.oauth.clientID,
          detail: "userinfo refused the access token: \(error)"
            + (description.map { ", \($0)" } ?? ""))
      }
    }
  }

  private func userinfo(_ oauth: OAuthCredential, accessToken: String) throws -> JSONValue {
    guard let endpoint = oauth.endpoints.userinfo else {
      throw OAuthError.unsupported("the authorization server names no userinfo endpoint")
    }
    return try server.getJSON(endpoint, bearer: accessToken)
  }

  /// What the issuer's introspection endpoint says about `token` (the profile's client
  /// authenticates when it has a secret).
  package func introspect(
    _ token: String, endpoints: OAuthEndpoints, client: OAuthServerClient.ClientAuthentication?
  ) throws -> JSONValue {
    guard let endpoint = endpoints.introspection else {
      throw OAuthError.unsupported("the authorization server names no introspection endpoint")
    }
    return try server.introspect(endpoint, token: token, client: client)
  }

  // MARK: - Signing out

  /// Revokes the refresh token at the issuer (or the access token, when there is no refresh
  /// token), then deletes the profile. A grant the issuer already ended is deleted too.
  ///
  /// - Returns: whether the issuer took the revocation (false: nothing to revoke, or it refused
  ///   or could not be reached; the profile is deleted all the same).
  @discardableResult
  package func logout() throws -> (revoked: Bool, revocationError: (any Error)?) {
    let (credential, oauth) = try requireCredential()
    var revoked = false
    var failure: (any Error)?
    let revocable =
      oauth.refreshToken.map { ($0, "refresh_token") }
      ?? oauth.accessToken.map { ($0, "access_token") }
    if let endpoint = oauth.endpoints.revocation, let (token, hint) = revocable {
      do {
        try server.revoke(
          endpoint, token: token, hint: hint,
          client: .init(clientID: oauth.clientID, clientSecret: oauth.clientSecret))
        revoked = true
      } catch {
        failure = error
      }
    } else if revocable != nil {
      failure = OAuthError.unsupported("the authorization server names no revocation endpoint")
    }
    _ = credential
    try access.store.destroy(profile: access.profile)
    return (revoked, failure)
  }
}
