import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE
import Foundation

/// Looking tokens up: `/oauth/userinfo` (a Bearer access token), `/oauth/token_info`
/// (introspection, RFC 7662's `active`) and `/oauth/token/revoke` (RFC 7009).
extension OAuthHandler {
  /// An access token as presented: its record, when the emulator issued it, and whether a
  /// JWT's signature and issuer held.
  struct PresentedToken {
    var record: OAuthTokenRecord
    /// The verified claims of a JWT access token.
    var claims: JSONValue?
  }

  /// The record of an access token (opaque, or a JWT with `typ: at+jwt` signed by the
  /// instance key and issued here), whatever its state; `nil` when it is not one.
  func presentedAccessToken(_ token: String) -> PresentedToken? {
    if token.split(separator: ".", omittingEmptySubsequences: false).count == 3 {
      // Expiry is judged by the caller (a verify of an expired JWT answers `active: false`).
      let options = JWTVerifier.Options(leeway: 315_360_000, issuer: baseURL, now: clock.now())
      guard let header = try? JWTParts(token).header(),
        ["at+jwt", "application/at+jwt"].contains(header["typ"]?.stringValue ?? ""),
        let claims = try? JWTVerifier(keys: jwks).verify(token, options: options),
        let jti = claims["jti"]?.stringValue,
        let record = state.withStore({ $0.oauth.tokens[jti] }), record.kind == .access,
        record.isJWT
      else { return nil }
      return PresentedToken(record: record, claims: claims)
    }
    guard let record = state.withStore({ $0.oauth.tokens[token] }), record.kind == .access,
      !record.isJWT
    else { return nil }
    return PresentedToken(record: record, claims: nil)
  }

  /// Whether a token record can be used now.
  func isActive(_ record: OAuthTokenRecord) -> Bool {
    let now = nowMilliseconds
    return state.withStore { $0.oauth.isActive(record, now: now) }
  }

  /// `GET|POST /oauth/userinfo`: the user's claims for an active access token's scopes.
  func userInfo(_ context: RequestContext) -> HTTPResponse {
    let header = context.request.headers["Authorization"]?.trimmingSpaces ?? ""
    guard header.lowercased().hasPrefix("bearer "), let token = context.bearerToken else {
      return bearerFailure(.authenticationInvalid, error: nil)
    }
    guard let presented = presentedAccessToken(token), isActive(presented.record) else {
      // Clerk's catalogue texts for `authentication_invalid`; the challenge says why.
      return bearerFailure(.authenticationInvalid, error: "invalid_token")
    }
    let record = presented.record
    let body: JSONValue? = state.withStore { store in
      guard let user = store.users[record.userID] else { return nil }
      var claims = Self.profileClaims(user, scopes: record.scopes, store: store)
      claims["object"] = "oauth_user_info"
      claims["instance_id"] = .string(instanceID)
      claims["user_id"] = .string(user.id)
      claims["sub"] = .string(user.id)
      return .object(claims)
    }
    guard let body else { return bearerFailure(.authenticationInvalid, error: "invalid_token") }
    return json(body, headers: ["Cache-Control": "no-store"])
  }

  /// A Clerk error with RFC 6750's `WWW-Authenticate: Bearer` challenge.
  private func bearerFailure(_ failure: ClerkAPIFailure, error: String?) -> HTTPResponse {
    var failure = failure
    failure.headers.add(
      name: "WWW-Authenticate", value: "Bearer" + (error.map { " error=\"\($0)\"" } ?? ""))
    return clerkError(failure)
  }

  /// `POST /oauth/token_info`: `{"active": true, client_id, iat, scope, sub}` for an active
  /// access or refresh token, `{"active": false}` for anything else. Client credentials are
  /// optional; when presented they must be valid (else 401), and a token of another client is
  /// inactive to them.
  func tokenInfo(_ context: RequestContext) -> HTTPResponse {
    let credentials: ClientCredentials
    do { credentials = try Self.clientCredentials(context) } catch {
      return json([:], status: 401)
    }
    var client: String?
    if credentials.clientID != nil || credentials.secret != nil {
      let application = state.withStore { try? Self.authenticate(credentials, store: $0) }
      guard let application else { return json([:], status: 401) }
      client = application.clientID
    }
    let inactive: JSONValue = ["active": false]
    guard let token = context.form.nonEmpty("token") else {
      return json(inactive, headers: ["Cache-Control": "no-store"])
    }
    let record =
      presentedAccessToken(token)?.record
      ?? state.withStore { store in
        store.oauth.tokens[token].flatMap { $0.kind == .refresh ? $0 : nil }
      }
    guard let record, isActive(record), client == nil || client == record.clientID else {
      return json(inactive, headers: ["Cache-Control": "no-store"])
    }
    if let wanted = context.form.nonEmpty("scope").map(Self.scopes),
      !wanted.allSatisfy(record.scopes.contains)
    {
      return json(inactive, headers: ["Cache-Control": "no-store"])
    }
    var body: [String: JSONValue] = [
      "active": true, "client_id": .string(record.clientID), "iat": .int(record.createdAt / 1000),
      "scope": .string(record.scopes.joined(separator: " ")), "sub": .string(record.userID),
    ]
    if record.scopes.contains("user:org:read") {
      body["org_id"] = state.withStore { store in
        store.memberships.first { $0.userID == record.userID }.map {
          JSONValue.string($0.organizationID)
        } ?? .null
      }
    }
    return json(.object(body), headers: ["Cache-Control": "no-store"])
  }

  /// `POST /oauth/token/revoke`: a refresh token (or an opaque access token) revokes its
  /// grant: it, the tokens minted with it and its refresh tokens become inactive. A JWT access
  /// token cannot be revoked (400 `unsupported_token_type`, as Clerk says); an unknown token is
  /// 200 (RFC 7009 §2.2). The client authenticates (a public one by `client_id`), and may
  /// revoke only its own tokens.
  func revoke(_ context: RequestContext) -> HTTPResponse {
    let outcome: Result<Void, OAuthFailure> = Result { () throws(OAuthFailure) in
      let credentials = try Self.clientCredentials(context)
      guard let token = context.form.nonEmpty("token") else {
        throw .invalidRequest("token is missing")
      }
      if let hint = context.form.nonEmpty("token_type_hint"),
        !["access_token", "refresh_token"].contains(hint)
      {
        throw OAuthFailure(
          status: 400, error: "unsupported_token_type",
          description: "token_type_hint must be access_token or refresh_token")
      }
      let presented = presentedAccessToken(token)
      let result: Result<Void, OAuthFailure> = state.withStore { store in
        Result { () throws(OAuthFailure) in
          let application = try Self.authenticate(credentials, store: store)
          let record = presented?.record ?? store.oauth.tokens[token]
          guard let record else { return }
          guard record.clientID == application.clientID else {
            throw .invalidGrant("The token was not issued to this client")
          }
          if record.isJWT {
            throw OAuthFailure(
              status: 400, error: "unsupported_token_type",
              description: "JWT access tokens cannot be revoked; revoke the refresh token")
          }
          store.oauth.revokeGrant(record.grantID, reason: "revoked by the client")
        }
      }
      try result.get()
    }
    switch outcome {
    case .failure(let failure): return oauthError(failure)
    case .success:
      return HTTPResponse(status: 200, headers: ["Cache-Control": "no-store"], body: [])
    }
  }
}
