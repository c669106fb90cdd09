import ClerkctlHTTP
import ClerkctlKit

/// One request to a user's backend with `Authorization: Bearer JWT`, the JWT minted (or reused
/// from the cache) for the signed-in profile; on a rejected token it mints a fresh one and
/// sends the request again, once. Shared by `clerkctl api` and `clerkctl convex`.
package struct BearerExchange: Sendable {
  /// What came back, and the token that was sent with it.
  package struct Outcome: Sendable {
    package var response: HTTPResponse
    /// The JWT of the last attempt.
    package var jwt: String
    /// How many requests were sent (1 or 2).
    package var attempts: Int
  }

  /// Where the tokens come from: a user profile's session or template JWTs, or a machine
  /// profile's M2M tokens (never the machine secret), through the profile's cache.
  package var source: TokenSource
  /// What sends the requests.
  package var http: HTTPClient
  /// Whether a rejected token is replaced by a freshly minted one and the request sent again.
  package var retriesWithFreshToken: Bool
  /// The least lifetime a cached token must have left to be reused, seconds.
  package var minTTL: Double = 10

  package init(
    account: ClerkAccount, template: String?, retriesWithFreshToken: Bool
  ) {
    self.init(
      source: .user(account, template: template), http: account.http,
      retriesWithFreshToken: retriesWithFreshToken)
  }

  package init(source: TokenSource, http: HTTPClient, retriesWithFreshToken: Bool) {
    self.source = source
    self.http = http
    self.retriesWithFreshToken = retriesWithFreshToken
  }

  /// Sends `request` with the bearer token (any `Authorization` it has is replaced).
  ///
  /// - Parameters:
  ///   - request: the request, without credentials.
  ///   - isTokenRejected: whether a response means "this token was not accepted" (default: 401).
  /// - Returns: the last response, whatever its status, and the token it was sent with.
  /// - Throws: `ClerkError` when no token can be had (not signed in: exit 4; template refused:
  ///   7); `ResponseError` for a redirect or an oversized response; `HTTPError` for transport
  ///   failures.
  package func send(
    _ request: HTTPRequest,
    isTokenRejected: (HTTPResponse) -> Bool = { $0.status == 401 }
  ) throws -> Outcome {
    var jwt = try token(forceRefresh: false)
    var response = try attempt(request, jwt: jwt)
    guard retriesWithFreshToken, isTokenRejected(response) else {
      return Outcome(response: response, jwt: jwt, attempts: 1)
    }
    jwt = try token(forceRefresh: true)
    response = try attempt(request, jwt: jwt)
    return Outcome(response: response, jwt: jwt, attempts: 2)
  }

  private func token(forceRefresh: Bool) throws -> String {
    try source.token(minTTL, forceRefresh).token.jwt
  }

  private func attempt(_ request: HTTPRequest, jwt: String) throws -> HTTPResponse {
    var request = request
    request.headers.replaceOrAdd(name: "Authorization", value: "Bearer " + jwt)
    do {
      return try http.send(request)
    } catch let error as HTTPError {
      switch error.kind {
      case .redirect:
        throw ResponseError.redirect(error.message)
      case .responseTooLarge:
        throw ResponseError.tooLarge(url: request.url, limit: request.maxResponseBytes)
      default:
        throw error
      }
    }
  }
}
