import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation

/// `POST /oauth/token`: the `authorization_code` grant (the code once, bound to its client,
/// redirect URI and PKCE challenge; a replayed code revokes what it was exchanged for, as
/// OAuth 2.1 asks) and the `refresh_token` grant (each refresh token works once and is replaced;
/// presenting a replaced one again revokes the whole grant).
extension OAuthHandler {
  /// What to sign outside the lock, and the reply around it.
  struct TokenIssue {
    var accessClaims: JSONValue?
    var opaqueAccessToken: String?
    var refreshToken: String
    var idClaims: JSONValue?
    var scope: String
    var expiresIn: Int64
  }

  func token(_ context: RequestContext) -> HTTPResponse {
    let now = nowMilliseconds
    let form = context.form
    let outcome: Result<TokenIssue, OAuthFailure> = state.withStore { store in
      Result { () throws(OAuthFailure) -> TokenIssue in
        let credentials = try Self.clientCredentials(context)
        guard let grantType = form.nonEmpty("grant_type") else {
          throw .invalidRequest("grant_type is missing")
        }
        guard ["authorization_code", "refresh_token"].contains(grantType) else {
          throw .unsupportedGrantType
        }
        let application = try Self.authenticate(credentials, store: store)
        if grantType == "authorization_code" {
          return try exchangeCode(form, application: application, store: &store, now: now)
        }
        return try refresh(form, application: application, store: &store, now: now)
      }
    }
    switch outcome {
    case .failure(let failure): return oauthError(failure)
    case .success(let issue): return tokenReply(issue)
    }
  }

  private func exchangeCode(
    _ form: FormData, application: OAuthApplicationRecord, store: inout Store, now: Int64
  ) throws(OAuthFailure) -> TokenIssue {
    guard let code = form.nonEmpty("code") else { throw .invalidRequest("code is missing") }
    guard let record = store.oauth.codes[code], record.clientID == application.clientID else {
      throw .invalidGrant("The authorization code is invalid")
    }
    if let used = record.grantID {
      store.oauth.revokeGrant(used, reason: "authorization code reused")
      throw .invalidGrant(
        "The authorization code was already used; the tokens issued for it are revoked")
    }
    guard now < record.expiresAt else {
      store.oauth.codes[code] = nil
      throw .invalidGrant("The authorization code has expired")
    }
    let redirect = form.nonEmpty("redirect_uri")
    if record.redirectURIGiven || redirect != nil {
      guard redirect == record.redirectURI else {
        throw .invalidGrant(
          "redirect_uri does not match the one of the authorization request")
      }
    }
    let verifier = form.nonEmpty("code_verifier")
    if let challenge = record.codeChallenge {
      guard let verifier else { throw .invalidGrant("code_verifier is missing") }
      guard Self.isValidVerifier(verifier), Self.s256(verifier) == challenge else {
        throw .invalidGrant("code_verifier does not match the code_challenge")
      }
    } else if verifier != nil {
      throw .invalidGrant("code_verifier sent for an authorization request without PKCE")
    }
    let grant = OAuthGrantRecord(
      id: random.id("oag"), clientID: application.clientID, userID: record.userID,
      scopes: record.scopes, nonce: record.nonce, resource: record.resource,
      authTime: record.authTime, createdAt: now)
    store.oauth.grants[grant.id] = grant
    store.oauth.codes[code]?.grantID = grant.id
    return mint(grant, scopes: grant.scopes, application: application, store: &store, now: now)
  }

  private func refresh(
    _ form: FormData, application: OAuthApplicationRecord, store: inout Store, now: Int64
  ) throws(OAuthFailure) -> TokenIssue {
    guard let presented = form.nonEmpty("refresh_token") else {
      throw .invalidRequest("refresh_token is missing")
    }
    guard let record = store.oauth.tokens[presented], record.kind == .refresh,
      record.clientID == application.clientID
    else { throw .invalidGrant("The refresh token is invalid") }
    if record.rotated {
      store.oauth.revokeGrant(record.grantID, reason: "refresh token reused")
      throw .invalidGrant("The refresh token was already used; the grant is revoked")
    }
    guard store.oauth.isActive(record, now: now), let grant = store.oauth.grants[record.grantID]
    else { throw .invalidGrant("The refresh token is revoked") }
    var scopes = grant.scopes
    if let requested = form.nonEmpty("scope").map(Self.scopes) {
      guard requested.allSatisfy(grant.scopes.contains) else {
        throw .invalidRequest("The requested scope exceeds the scope originally granted")
      }
      scopes = requested
    }
    store.oauth.tokens[presented]?.rotated = true
    store.oauth.tokens[presented]?.updatedAt = now
    return mint(grant, scopes: scopes, application: application, store: &store, now: now)
  }

  /// Records a new access token and refresh token for the grant and builds the claims to sign.
  private func mint(
    _ grant: OAuthGrantRecord, scopes: [String], application: OAuthApplicationRecord,
    store: inout Store, now: Int64
  ) -> TokenIssue {
    let iat = now / 1000
    let lifetime = application.accessTokenLifetime
    let accessID = random.oauthAccessTokenID()
    let jwt = application.accessTokenFormat == .jwt
    let opaque = jwt ? nil : "oat_" + random.base62(40)
    let access = OAuthTokenRecord(
      kind: .access, id: accessID, token: opaque ?? accessID, grantID: grant.id,
      clientID: application.clientID, userID: grant.userID, scopes: scopes, createdAt: now,
      updatedAt: now, expiresAt: now + lifetime * 1000, isJWT: jwt)
    store.oauth.tokens[access.token] = access
    let refreshToken = random.base62(48)
    store.oauth.tokens[refreshToken] = OAuthTokenRecord(
      kind: .refresh, id: random.id("oar"), token: refreshToken, grantID: grant.id,
      clientID: application.clientID, userID: grant.userID, scopes: scopes, createdAt: now,
      updatedAt: now, expiresAt: nil)
    var accessClaims: JSONValue?
    if jwt {
      var claims: [String: JSONValue] = [
        "iss": .string(store.baseURL), "sub": .string(grant.userID),
        "client_id": .string(application.clientID), "azp": .string(application.clientID),
        "scope": .string(scopes.joined(separator: " ")), "iat": .int(iat), "nbf": .int(iat),
        "exp": .int(iat + lifetime), "jti": .string(accessID),
      ]
      if let resource = grant.resource { claims["aud"] = .string(resource) }
      accessClaims = .object(claims)
    }
    var idClaims: JSONValue?
    if scopes.contains("openid"), let user = store.users[grant.userID] {
      var claims = Self.profileClaims(user, scopes: scopes, store: store, forIDToken: true)
      claims["iss"] = .string(store.baseURL)
      claims["sub"] = .string(user.id)
      claims["aud"] = .string(application.clientID)
      claims["azp"] = .string(application.clientID)
      claims["iat"] = .int(iat)
      claims["nbf"] = .int(iat)
      claims["exp"] = .int(iat + Self.idTokenLifetime)
      claims["auth_time"] = .int(grant.authTime)
      claims["jti"] = .string(random.base62(20).lowercased())
      if let nonce = grant.nonce { claims["nonce"] = .string(nonce) }
      idClaims = .object(claims)
    }
    return TokenIssue(
      accessClaims: accessClaims, opaqueAccessToken: opaque, refreshToken: refreshToken,
      idClaims: idClaims, scope: scopes.joined(separator: " "), expiresIn: lifetime)
  }

  /// Clerk's documented ID token lifetime, one day.
  static let idTokenLifetime: Int64 = 86_400

  /// Signs the issue's JWTs (outside the lock) and answers RFC 6749 §5.1's JSON.
  private func tokenReply(_ issue: TokenIssue) -> HTTPResponse {
    do {
      let access =
        try issue.opaqueAccessToken
        ?? signer.sign(claims: issue.accessClaims ?? [:], extraHeader: ["typ": "at+jwt"])
      var body: [String: JSONValue] = [
        "access_token": .string(access), "token_type": "Bearer",
        "expires_in": .int(issue.expiresIn), "refresh_token": .string(issue.refreshToken),
        "scope": .string(issue.scope),
      ]
      if let claims = issue.idClaims { body["id_token"] = .string(try signer.sign(claims: claims)) }
      return json(.object(body), headers: ["Cache-Control": "no-store", "Pragma": "no-cache"])
    } catch {
      return clerkError(.signingFailed(error))
    }
  }

  /// The user's OpenID Connect claims the scopes allow (`email`, `profile`, the metadata
  /// scopes, `user:org:read`). The ID token leaves out what is null.
  static func profileClaims(
    _ user: UserRecord, scopes: [String], store: Store, forIDToken: Bool = false
  ) -> [String: JSONValue] {
    var claims: [String: JSONValue] = [:]
    func put(_ key: String, _ value: String?) { claims[key] = value.map(JSONValue.string) ?? .null }
    if scopes.contains("email") {
      put("email", user.emailAddress)
      claims["email_verified"] = user.emailAddress == nil ? .null : .bool(true)
    }
    if scopes.contains("profile") {
      let name = [user.firstName, user.lastName].compactMap { $0 }.joined(separator: " ")
      put("name", name.isEmpty ? nil : name)
      put("given_name", user.firstName)
      put("family_name", user.lastName)
      put("preferred_username", user.username)
      put("picture", nil)
    }
    if scopes.contains("public_metadata") { claims["public_metadata"] = user.publicMetadata }
    if scopes.contains("private_metadata") { claims["private_metadata"] = user.privateMetadata }
    if scopes.contains("user:org:read"),
      let membership = store.memberships.first(where: { $0.userID == user.id }),
      let organization = store.organizations[membership.organizationID]
    {
      claims["org_id"] = .string(organization.id)
      claims["org_name"] = .string(organization.name)
      claims["org_slug"] = .string(organization.slug)
    }
    if forIDToken { claims = claims.filter { !$0.value.isNull } }
    return claims
  }
}
