import ClerkctlCore
import ClerkctlHTTP
import ClerkctlWire
import FoundationEssentials

/// One Backend API request with the secret key, and the answers every caller reads the same
/// way: a 2xx's JSON; 401/403 a configuration error naming CLERK_SECRET_KEY; Clerk's error
/// envelope (or the machine endpoints' bare `{"errors":[…]}`) as `.api`; 429/5xx unavailable.
extension BackendAPIClient {
  /// Sends `method path` (`path` starts with `/`, under ``baseURL``) with `body` as JSON.
  package func send(
    _ method: String, _ path: String, body: JSONValue? = nil
  ) throws(ClerkError) -> JSONValue {
    try FrontendAPIClient.decode(response(method, path, body: body))
  }

  /// The raw reply to `method path` with `body` as JSON: transport failures and a refused
  /// secret key (401/403) thrown, every other status returned for the caller to read.
  func response(
    _ method: String, _ path: String, body: JSONValue? = nil
  ) throws(ClerkError) -> HTTPResponse {
    let request = ClerkAPIRequest.make(
      method, url: baseURL + path, bearer: secretKey, body: body, timeout: requestTimeout)
    let response = try ClerkAPIRequest.send(request, through: http)
    if response.status == 401 || response.status == 403 {
      let detail =
        (try? JSONValue(parsing: response.body)).flatMap {
          ClerkAPIError(status: response.status, json: $0)?.description
        } ?? "HTTP \(response.status)"
      throw .configuration(
        "the Backend API refused CLERK_SECRET_KEY (\(detail)); check the key belongs to this instance"
      )
    }
    return response
  }

  /// `POST /v1/sign_in_tokens/{id}/revoke`: a pending ticket can no longer be redeemed.
  package func revokeSignInToken(id: String) throws(ClerkError) {
    _ = try send("POST", "/v1/sign_in_tokens/\(FormEncoding.escape(id))/revoke")
  }

  /// `POST /v1/testing_tokens`: a token for Clerk's testing helpers (`CLERK_TESTING_TOKEN`)
  /// and when it expires (epoch seconds).
  package func createTestingToken() throws(ClerkError) -> (token: String, expiresAt: Int64?) {
    let json = try send("POST", "/v1/testing_tokens")
    guard let token = json["token"]?.stringValue, !token.isEmpty else {
      throw .malformedResponse("the testing token reply has no 'token'")
    }
    return (token, json["expires_at"]?.intValue)
  }

  /// `POST /v1/actor_tokens`: a ticket that signs in as `userID` on behalf of `actor` (the
  /// session's tokens carry `act: {"sub": actor}`).
  package func createActorToken(
    userID: String, actor: String, expiresInSeconds: Int = 60
  ) throws(ClerkError) -> BackendTicket {
    let body: JSONValue = [
      "user_id": .string(userID), "actor": ["sub": .string(actor)],
      "expires_in_seconds": .int(Int64(expiresInSeconds)),
    ]
    let json: JSONValue
    do {
      json = try send("POST", "/v1/actor_tokens", body: body)
    } catch .api(let error) where error.status == 402 || error.status == 422 {
      throw .signInRejected(
        "Clerk refused to impersonate '\(userID)' (\(error.description)); impersonation is a paid "
          + "add-on with a monthly quota")
    } catch .api(let error) {
      throw .signInRejected("could not make an actor token for '\(userID)': \(error.description)")
    }
    guard let id = json["id"]?.stringValue, let token = json["token"]?.stringValue, !token.isEmpty
    else { throw .malformedResponse("the actor token reply has no 'id' or 'token'") }
    return BackendTicket(
      id: id, token: token, status: json["status"]?.stringValue.map(SignInTokenStatus.init))
  }

  /// `POST /v1/actor_tokens/{id}/revoke` (pending tokens only).
  package func revokeActorToken(id: String) throws(ClerkError) {
    _ = try send("POST", "/v1/actor_tokens/\(FormEncoding.escape(id))/revoke")
  }
}
