import ClerkctlCore
import ClerkctlHTTP
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
    var request = HTTPRequest(method: "POST", url: baseURL + "/v1/sign_in_tokens")
    request.timeout = requestTimeout
    request.headers.add(name: "Authorization", value: "Bearer \(secretKey)")
    request.headers.add(name: "Content-Type", value: "application/json")
    request.headers.add(name: "Accept", value: "application/json")
    request.headers.add(name: "Clerk-API-Version", value: FrontendAPIClient.apiVersion)
    request.body = body.encodedBytes
    let response: HTTPResponse
    do {
      response = try http.send(request)
    } catch let error as HTTPError {
      throw .transport(error)
    } catch {
      throw .transport(HTTPError(.transport, url: request.url, message: "\(error)"))
    }
    if response.status == 401 || response.status == 403 {
      let detail =
        (try? JSONValue(parsing: response.body)).flatMap {
          ClerkAPIError(status: response.status, json: $0)?.description
        } ?? "HTTP \(response.status)"
      throw .configuration(
        "the Backend API refused CLERK_SECRET_KEY (\(detail)); check the key belongs to this instance"
      )
    }
    if response.status == 404 || response.status == 422 || response.status == 400 {
      let detail =
        (try? JSONValue(parsing: response.body)).flatMap {
          ClerkAPIError(status: response.status, json: $0)?.description
        } ?? "HTTP \(response.status)"
      throw .signInRejected("could not make a sign-in token for '\(userID)': \(detail)")
    }
    let json = try FrontendAPIClient.decode(response)
    guard let token = json["token"]?.stringValue, !token.isEmpty else {
      throw .malformedResponse("the sign-in token reply has no 'token'")
    }
    return BackendTicket(id: json["id"]?.stringValue ?? "", token: token)
  }
}
