import ClerkctlCore
import FoundationEssentials

/// The Backend API's API keys, unversioned (`/api_keys…`) as Clerk's JS SDK calls them.
extension BackendAPIClient {
  /// `POST /api_keys`: a key for `subject` with `scopes` (what the Frontend API cannot make);
  /// the reply carries the secret.
  package func createAPIKey(
    name: String, subject: String, description: String?, expiresInSeconds: Int?,
    scopes: [String], createdBy: String?
  ) throws(ClerkError) -> APIKey {
    var body: [String: JSONValue] = [
      "name": .string(name), "subject": .string(subject),
      "scopes": .array(scopes.map(JSONValue.string)),
    ]
    if let description { body["description"] = .string(description) }
    if let expiresInSeconds { body["seconds_until_expiration"] = .int(Int64(expiresInSeconds)) }
    if let createdBy { body["created_by"] = .string(createdBy) }
    return try FrontendAPIKeysClient.key(send("POST", "/api_keys", body: .object(body)))
  }

  /// `POST /api_keys/verify {secret}`: the key, or `nil` when Clerk does not know it as a
  /// valid API key (404: unknown, revoked or expired).
  package func verifyAPIKey(_ secret: String) throws(ClerkError) -> (key: APIKey, json: JSONValue)?
  {
    do {
      let json = try send("POST", "/api_keys/verify", body: ["secret": .string(secret)])
      return (try FrontendAPIKeysClient.key(json), json)
    } catch .api(let error) where error.status == 404 || error.status == 400 {
      return nil
    }
  }

  /// `GET /api_keys?subject=…`.
  package func listAPIKeys(subject: String, includeInvalid: Bool) throws(ClerkError) -> [APIKey] {
    let query = FormEncoding.encode([
      ("subject", subject), ("include_invalid", includeInvalid ? "true" : "false"),
      ("limit", "100"),
    ])
    let json = try send("GET", "/api_keys?" + query)
    return (json["data"]?.arrayValue ?? []).compactMap(APIKey.init(json:))
  }

  /// `POST /api_keys/{id}/revoke`.
  package func revokeAPIKey(id: String, reason: String?) throws(ClerkError) -> APIKey {
    let body: JSONValue = ["revocation_reason": reason.map(JSONValue.string) ?? .null]
    return try FrontendAPIKeysClient.key(
      send("POST", "/api_keys/\(FormEncoding.escape(id))/revoke", body: body))
  }
}
