import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// The Frontend API's self-service API keys (`/api_keys`, at the root, no `/v1`, as clerk-js
/// calls them): JSON bodies, authorized by a fresh session JWT as `Bearer` — never the client
/// token. Create takes no scopes or claims.
package struct FrontendAPIKeysClient {
  package let baseURL: String
  private let sessionToken: String
  private let http: HTTPClient
  private let requestTimeout: Double

  /// - Parameter sessionToken: a session JWT of the signed-in session (not a template token).
  package init(
    baseURL: String, sessionToken: String, http: HTTPClient,
    requestTimeout: Double = HTTPRequest.defaultTimeout
  ) {
    self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    self.sessionToken = sessionToken
    self.http = http
    self.requestTimeout = requestTimeout
  }

  /// `POST /api_keys`: a key for `subject` (the user, or an organization it belongs to); the
  /// reply carries the secret, once.
  package func create(
    name: String, subject: String, description: String?, expiresInSeconds: Int?
  ) throws(ClerkError) -> APIKey {
    var body: [String: JSONValue] = [
      "name": .string(name), "subject": .string(subject), "type": "api_key",
    ]
    if let description { body["description"] = .string(description) }
    if let expiresInSeconds { body["seconds_until_expiration"] = .int(Int64(expiresInSeconds)) }
    return try Self.key(send("POST", "/api_keys", body: .object(body)))
  }

  /// `GET /api_keys?subject=…`: the subject's keys (revoked and expired ones with
  /// `includeInvalid`), up to 100.
  package func list(subject: String, includeInvalid: Bool) throws(ClerkError) -> [APIKey] {
    let query = FormEncoding.encode([
      ("subject", subject), ("include_invalid", includeInvalid ? "true" : "false"),
      ("limit", "100"),
    ])
    let json = try send("GET", "/api_keys?" + query, body: nil)
    return (json["data"]?.arrayValue ?? []).compactMap(APIKey.init(json:))
  }

  /// `POST /api_keys/{id}/revoke`.
  package func revoke(id: String, reason: String?) throws(ClerkError) -> APIKey {
    let body: JSONValue = ["revocation_reason": reason.map(JSONValue.string) ?? .null]
    return try Self.key(send("POST", "/api_keys/\(FormEncoding.escape(id))/revoke", body: body))
  }

  static func key(_ json: JSONValue) throws(ClerkError) -> APIKey {
    guard let key = APIKey(json: json) else {
      throw .malformedResponse("the API key reply has no 'id'")
    }
    return key
  }

  private func send(
    _ method: String, _ path: String, body: JSONValue?
  ) throws(ClerkError)
    -> JSONValue
  {
    let request = ClerkAPIRequest.make(
      method, url: baseURL + path, bearer: sessionToken, body: body, timeout: requestTimeout)
    let response = try ClerkAPIRequest.send(request, through: http)
    return try FrontendAPIClient.decode(response)
  }
}
