import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// The HTTP side of an OAuth 2.1 authorization server (Clerk's Frontend API as an IdP):
/// discovery, the token endpoint, revocation, userinfo, introspection and registration. Form
/// bodies in, JSON out, OAuth errors (`{error, error_description}`) as `OAuthError.refused`.
/// A secret it is handed goes only to the URL it is called with; callers check that URL.
package struct OAuthServerClient: Sendable {
  private let http: HTTPClient
  private let requestTimeout: Double

  package init(http: HTTPClient, requestTimeout: Double = HTTPRequest.defaultTimeout) {
    self.http = http
    self.requestTimeout = requestTimeout
  }

  /// How the client proves itself at the token, revocation and introspection endpoints: a
  /// public client sends its id in the body; a confidential one Basic credentials.
  package struct ClientAuthentication: Sendable, CustomStringConvertible {
    package var clientID: String
    package var clientSecret: String?

    package init(clientID: String, clientSecret: String?) {
      self.clientID = clientID
      self.clientSecret = clientSecret
    }

    package var description: String {
      "ClientAuthentication(clientID: \(clientID), secret: "
        + (clientSecret == nil ? "none" : "<redacted>") + ")"
    }
  }

  /// The issuer's endpoints: `GET {fapiURL}/.well-known/openid-configuration` (which names
  /// userinfo, revocation and introspection) merged with
  /// `/.well-known/oauth-authorization-server` (RFC 8414: registration), either one enough.
  package func discover(fapiURL: String) throws -> OAuthEndpoints {
    let base = fapiURL.hasSuffix("/") ? String(fapiURL.dropLast()) : fapiURL
    var found: OAuthEndpoints?
    var lastError: (any Error)?
    for path in ["/.well-known/openid-configuration", "/.well-known/oauth-authorization-server"] {
      do {
        let json = try getJSON(base + path)
        guard let endpoints = OAuthEndpoints(metadata: json) else {
          lastError = ClerkError.malformedResponse(
            "\(path) has no issuer, authorization_endpoint or token_endpoint")
          continue
        }
        guard var merged = found else {
          found = endpoints
          continue
        }
        guard merged.issuer == endpoints.issuer else { continue }
        merged.userinfo = merged.userinfo ?? endpoints.userinfo
        merged.revocation = merged.revocation ?? endpoints.revocation
        merged.introspection = merged.introspection ?? endpoints.introspection
        merged.registration = merged.registration ?? endpoints.registration
        found = merged
      } catch let error as OAuthError {
        lastError = error
      }
    }
    if let found { return found }
    throw lastError ?? ClerkError.malformedResponse("no authorization server metadata")
  }

  /// A JSON document by `GET` (with `bearer`, when given).
  package func getJSON(_ url: String, bearer: String? = nil) throws -> JSONValue {
    var request = HTTPRequest(method: "GET", url: url)
    request.headers.add(name: "Accept", value: "application/json")
    if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
    return try decode(send(request))
  }

  /// One request, its transport failures as `ClerkError.transport`.
  package func send(_ request: HTTPRequest) throws -> HTTPResponse {
    var request = request
    request.timeout = requestTimeout
    return try ClerkAPIRequest.send(request, through: http)
  }

  /// `POST` of `fields` to the token endpoint.
  package func token(
    _ endpoint: String, _ fields: [(String, String)], client: ClientAuthentication
  ) throws -> OAuthTokenReply {
    let json = try decode(send(form(endpoint, fields, client: client)))
    guard let reply = OAuthTokenReply(json: json) else {
      throw ClerkError.malformedResponse("the token endpoint's reply has no access_token")
    }
    return reply
  }

  /// `POST` of `token` to the revocation endpoint (RFC 7009): 200 with any body.
  package func revoke(
    _ endpoint: String, token: String, hint: String, client: ClientAuthentication
  ) throws {
    let response = try send(
      form(endpoint, [("token", token), ("token_type_hint", hint)], client: client))
    if response.isSuccess { return }
    _ = try decode(response)
  }

  /// `POST` of `token` to the introspection endpoint (Clerk's `/oauth/token_info`).
  package func introspect(
    _ endpoint: String, token: String, client: ClientAuthentication?
  ) throws -> JSONValue {
    var request = form(endpoint, [("token", token)], client: client)
    if client == nil { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
    return try decode(send(request))
  }

  /// `POST` of `metadata` as JSON to the registration endpoint (RFC 7591).
  package func register(_ endpoint: String, metadata: JSONValue) throws -> JSONValue {
    var request = HTTPRequest(method: "POST", url: endpoint)
    request.headers.add(name: "Content-Type", value: "application/json")
    request.headers.add(name: "Accept", value: "application/json")
    request.body = metadata.encodedBytes
    return try decode(send(request))
  }

  private func form(
    _ endpoint: String, _ fields: [(String, String)], client: ClientAuthentication?
  ) -> HTTPRequest {
    var fields = fields
    var request = HTTPRequest(method: "POST", url: endpoint)
    if let client {
      if let secret = client.clientSecret {
        let pair = FormEncoding.escape(client.clientID) + ":" + FormEncoding.escape(secret)
        let basic = Self.base64(Array(pair.utf8))
        request.headers.add(name: "Authorization", value: "Basic \(basic)")
      } else {
        fields.append(("client_id", client.clientID))
      }
    }
    request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
    request.headers.add(name: "Accept", value: "application/json")
    request.body = Array(FormEncoding.encode(fields).utf8)
    return request
  }

  /// Standard base64 with padding (RFC 4648 §4), as Basic credentials take it.
  static func base64(_ bytes: [UInt8]) -> String {
    var text = Base64URL.encode(bytes).replacing("-", with: "+").replacing("_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return text
  }

  /// The JSON of a success; an OAuth error (`error`) as `OAuthError.refused`, 5xx and 429 as
  /// `ClerkError.unavailable`, the rest as malformed.
  package func decode(_ response: HTTPResponse) throws -> JSONValue {
    let json = try? JSONValue(parsing: response.body)
    if response.isSuccess {
      guard let json else {
        throw ClerkError.malformedResponse(
          "HTTP \(response.status) with a body that is not JSON "
            + "(\(FrontendAPIClient.summary(of: response)))")
      }
      return json
    }
    if response.status == 429 || response.status >= 500 {
      throw ClerkError.unavailable(
        status: response.status, summary: FrontendAPIClient.summary(of: response))
    }
    if let error = json?["error"]?.stringValue {
      throw OAuthError.refused(
        status: response.status, error: error,
        description: json?["error_description"]?.stringValue)
    }
    if let json, let apiError = ClerkAPIError(status: response.status, json: json) {
      throw OAuthError.refused(
        status: response.status, error: apiError.code, description: apiError.description)
    }
    throw OAuthError.refused(
      status: response.status, error: "http_\(response.status)",
      description: FrontendAPIClient.summary(of: response))
  }
}
