import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import Foundation

/// An OAuth authorization server as an `HTTPClient`, no sockets: discovery, codes bound to a
/// PKCE challenge and redirect URI (each used once), refresh tokens rotated on each use,
/// userinfo, revocation. It counts token requests and records every request.
package final class FakeAuthorizationServer: Sendable {
  package let issuer = "https://fake.clerk.test"
  private struct State {
    var codes: [String: (challenge: String, redirect: String)] = [:]
    var refreshTokens: Set<String> = []
    var accessTokens: Set<String> = []
    var tokenRequests = 0
    package var revoked: [String] = []
    package var requests: [HTTPRequest] = []
    var serial = 0
  }
  private let state = Lock(State())
  /// Seconds an access token lives.
  let accessLifetime: Int64
  /// Whether refreshes rotate the refresh token.
  let rotates: Bool
  /// A pause inside each token request (to let concurrent callers pile up).
  let tokenDelay: Double
  /// Where discovery says the token endpoint is (another origin, for the binding test).
  let tokenEndpoint: String?

  package init(
    accessLifetime: Int64 = 60, rotates: Bool = true, tokenDelay: Double = 0,
    tokenEndpoint: String? = nil
  ) {
    self.accessLifetime = accessLifetime
    self.rotates = rotates
    self.tokenDelay = tokenDelay
    self.tokenEndpoint = tokenEndpoint
  }

  package var tokenRequests: Int { state.withLock { $0.tokenRequests } }
  package var revoked: [String] { state.withLock { $0.revoked } }
  package var requests: [HTTPRequest] { state.withLock { $0.requests } }

  /// Issues a code for `request` as the consent page would.
  package func approve(_ request: OAuthAuthorizationRequest) -> String {
    approve(challenge: request.pkce.challenge, redirect: request.redirectURI)
  }

  package var http: HTTPClient {
    HTTPClient { [self] request in handle(request) }
  }

  /// What the consent page does: reads the authorization URL, issues a code bound to its
  /// challenge and redirect, and returns the URL the browser is sent to.
  package func consent(to url: String, error: String? = nil) -> String? {
    guard let mark = url.firstIndex(of: "?") else { return nil }
    let query = Dictionary(
      FormEncoding.decode(String(url[url.index(after: mark)...])),
      uniquingKeysWith: { first, _ in first })
    guard let redirect = query["redirect_uri"], let state = query["state"],
      let challenge = query["code_challenge"]
    else { return nil }
    if let error {
      return redirect + "?" + FormEncoding.encode([("error", error), ("state", state)])
    }
    let code = approve(challenge: challenge, redirect: redirect)
    return redirect + "?"
      + FormEncoding.encode([("code", code), ("state", state), ("iss", issuer)])
  }

  /// Issues a code bound to `challenge` and `redirect`.
  package func approve(challenge: String, redirect: String) -> String {
    state.withLock { state in
      state.serial += 1
      let code = "code_\(state.serial)"
      state.codes[code] = (challenge, redirect)
      return code
    }
  }

  private func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/json"], body: value.encodedBytes)
  }

  private func handle(_ request: HTTPRequest) -> HTTPResponse {
    state.withLock { $0.requests.append(request) }
    let path = Self.path(of: request.url)
    let form = Dictionary(
      FormEncoding.decode(String(decoding: request.body, as: UTF8.self)),
      uniquingKeysWith: { first, _ in first })
    switch path {
    case "/.well-known/oauth-authorization-server":
      return json(
        200,
        [
          "issuer": .string(issuer), "authorization_endpoint": .string(issuer + "/oauth/authorize"),
          "token_endpoint": .string(tokenEndpoint ?? issuer + "/oauth/token"),
          "userinfo_endpoint": .string(issuer + "/oauth/userinfo"),
          "revocation_endpoint": .string(issuer + "/oauth/token/revoke"),
          "introspection_endpoint": .string(issuer + "/oauth/token_info"),
        ])
    case "/oauth/token":
      if tokenDelay > 0 { Thread.sleep(forTimeInterval: tokenDelay) }
      return state.withLock { state in
        state.tokenRequests += 1
        switch form["grant_type"] {
        case "authorization_code":
          guard let code = form["code"], let bound = state.codes.removeValue(forKey: code),
            bound.redirect == form["redirect_uri"],
            PKCE.challenge(for: form["code_verifier"] ?? "") == bound.challenge
          else { return json(400, ["error": "invalid_grant"]) }
          return issue(&state, idToken: true)
        case "refresh_token":
          guard let token = form["refresh_token"], state.refreshTokens.contains(token) else {
            return json(400, ["error": "invalid_grant", "error_description": "revoked"])
          }
          if rotates { state.refreshTokens.remove(token) }
          return issue(&state, idToken: false, keep: rotates ? nil : token)
        default:
          return json(400, ["error": "unsupported_grant_type"])
        }
      }
    case "/oauth/userinfo":
      let bearer = request.headers["Authorization"]?.replacing("Bearer ", with: "") ?? ""
      guard state.withLock({ $0.accessTokens.contains(bearer) }) else {
        return json(401, ["error": "invalid_token"])
      }
      return json(200, ["sub": "user_1", "email": "ada@example.com", "user_id": "user_1"])
    case "/oauth/token_info":
      let token = form["token"] ?? ""
      let active = state.withLock {
        ($0.accessTokens.contains(token) || $0.refreshTokens.contains(token))
          && !$0.revoked.contains(token)
      }
      return json(200, active ? ["active": true, "sub": "user_1"] : ["active": false])
    case "/oauth/token/revoke":
      state.withLock { state in
        if let token = form["token"] {
          state.revoked.append(token)
          state.refreshTokens.remove(token)
          state.accessTokens.remove(token)
        }
      }
      return HTTPResponse(status: 200, headers: [:], body: [])
    default:
      return json(404, ["error": "not_found"])
    }
  }

  private static func path(of url: String) -> String {
    var rest = Substring(url)
    if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
    guard let slash = rest.firstIndex(of: "/") else { return "/" }
    rest = rest[slash...]
    if let mark = rest.firstIndex(of: "?") { rest = rest[..<mark] }
    return String(rest)
  }

  private func issue(_ state: inout State, idToken: Bool, keep: String? = nil) -> HTTPResponse {
    state.serial += 1
    let access = "at_\(state.serial)"
    state.accessTokens.insert(access)
    var reply: [String: JSONValue] = [
      "access_token": .string(access), "token_type": "Bearer",
      "expires_in": .int(accessLifetime), "scope": "openid email offline_access",
    ]
    if keep == nil {
      let refresh = "rt_\(state.serial)"
      state.refreshTokens.insert(refresh)
      reply["refresh_token"] = .string(refresh)
    }
    if idToken { reply["id_token"] = .string("id.token.\(state.serial)") }
    return json(200, .object(reply))
  }
}
