import ClerkctlCore
import ClerkctlHTTP
import ClerkctlWire
import FoundationEssentials

/// The small part of Clerk's Backend API a client signing in needs: sign-in tokens for CI
/// (a ticket for a user id). Bearer secret key, JSON bodies, bare objects in replies.
package struct BackendAPIClient {
  /// The default Backend API base.
  package static let defaultBaseURL = "https://api.clerk.com"

  package let baseURL: String
  let secretKey: String
  let http: HTTPClient
  let requestTimeout: Double

  package init(
    baseURL: String, secretKey: String, http: HTTPClient,
    requestTimeout: Double = HTTPRequest.defaultTimeout
  ) {
    self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    self.secretKey = secretKey
    self.http = http
    self.requestTimeout = requestTimeout
  }

  /// `POST /v1/sign_in_tokens`: a one-time ticket that signs `userID` in.
  ///
  /// - Parameters:
  ///   - userID: the user, `user_…`.
  ///   - expiresInSeconds: how long the ticket may wait to be redeemed.
  /// - Returns: the ticket to redeem with `strategy=ticket`.
  package func createSignInToken(
    userID: String, expiresInSeconds: Int = 300
  ) throws(ClerkError)
    -> String
  {
    try createSignInTicket(userID: userID, expiresInSeconds: expiresInSeconds).token
  }

  /// `POST /v1/sign_in_tokens`: a one-time ticket that signs `userID` in, with its id (to
  /// revoke it when the redemption fails).
  package func createSignInTicket(
    userID: String, expiresInSeconds: Int
  ) throws(ClerkError) -> BackendTicket {
    let body: JSONValue = [
      "user_id": .string(userID), "expires_in_seconds": .int(Int64(expiresInSeconds)),
    ]
    let reply = try response("POST", "/v1/sign_in_tokens", body: body)
    if reply.status == 404 || reply.status == 422 || reply.status == 400 {
      let detail =
        (try? JSONValue(parsing: reply.body)).flatMap {
          ClerkAPIError(status: reply.status, json: $0)?.description
        } ?? "HTTP \(reply.status)"
      throw .signInRejected("could not make a sign-in token for '\(userID)': \(detail)")
    }
    let json = try FrontendAPIClient.decode(reply)
    guard let token = json["token"]?.stringValue, !token.isEmpty else {
      throw .malformedResponse("the sign-in token reply has no 'token'")
    }
    return BackendTicket(
      id: json["id"]?.stringValue ?? "", token: token,
      status: json["status"]?.stringValue.map(SignInTokenStatus.init))
  }
}
