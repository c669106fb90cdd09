import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE

/// A small protected resource, as an MCP server protected by Clerk is (not a Clerk API):
/// `GET|POST /mcp` answers 401 with `WWW-Authenticate: Bearer resource_metadata="…"` without a
/// valid OAuth access token, and `/.well-known/oauth-protected-resource` (also under `/mcp`)
/// is its RFC 9728 metadata naming the emulator as its authorization server.
///
/// It checks a token as a resource server would: a JWT by itself (`typ: at+jwt`, the
/// instance's signature, `iss`, `exp` and `nbf` with 5 s leeway, `aud` — when present — naming
/// the resource; a revoked JWT still passes, as JWTs cannot be revoked), an opaque `oat_…` by
/// looking it up (as Clerk's verify endpoint would).
extension OAuthHandler {
  var resourceURL: String { baseURL + "/mcp" }
  var resourceMetadataURL: String { baseURL + "/.well-known/oauth-protected-resource" }

  func resourceMetadata() -> JSONValue {
    [
      "resource": .string(resourceURL), "authorization_servers": [.string(baseURL)],
      "scopes_supported": ["openid", "profile", "email", "offline_access"],
      "bearer_methods_supported": ["header"], "resource_name": "clerk-emulator example MCP server",
    ]
  }

  func protectedResource(_ context: RequestContext) -> HTTPResponse {
    let challenge = "Bearer resource_metadata=\"\(resourceMetadataURL)\""
    let header = context.request.headers["Authorization"]?.trimmingSpaces ?? ""
    guard header.lowercased().hasPrefix("bearer "), let token = context.bearerToken else {
      return json(
        ["error": "unauthorized", "error_description": "An OAuth access token is required"],
        status: 401, headers: ["WWW-Authenticate": .init(challenge)])
    }
    guard let caller = resourceCaller(token) else {
      return json(
        [
          "error": "invalid_token",
          "error_description": "The access token is invalid, expired or revoked",
        ], status: 401,
        headers: ["WWW-Authenticate": .init(challenge + ", error=\"invalid_token\"")])
    }
    let result: JSONValue = [
      "sub": .string(caller.subject), "client_id": .string(caller.clientID),
      "scopes": .array(caller.scopes.map(JSONValue.string)), "token_type": "oauth_token",
    ]
    if context.method == "POST", let body = context.jsonBody, let id = body["id"] {
      return json(["jsonrpc": "2.0", "id": id, "result": result])
    }
    return json(result)
  }

  /// Who a token speaks for, when the resource accepts it.
  private func resourceCaller(
    _ token: String
  ) -> (
    subject: String, clientID: String, scopes: [String]
  )? {
    if token.split(separator: ".", omittingEmptySubsequences: false).count == 3 {
      let options = JWTVerifier.Options(leeway: 5, issuer: baseURL, now: clock.now())
      guard let header = try? JWTParts(token).header(),
        ["at+jwt", "application/at+jwt"].contains(header["typ"]?.stringValue ?? ""),
        let claims = try? JWTVerifier(keys: jwks).verify(token, options: options),
        let subject = claims["sub"]?.stringValue, let client = claims["client_id"]?.stringValue
      else { return nil }
      if let audience = claims["aud"] {
        let names = audience.arrayValue?.compactMap(\.stringValue) ?? [audience.stringValue ?? ""]
        guard names.contains(resourceURL) || names.contains(baseURL) else { return nil }
      }
      return (subject, client, Self.scopes(claims["scope"]?.stringValue ?? ""))
    }
    guard let presented = presentedAccessToken(token), isActive(presented.record) else {
      return nil
    }
    return (presented.record.userID, presented.record.clientID, presented.record.scopes)
  }
}
