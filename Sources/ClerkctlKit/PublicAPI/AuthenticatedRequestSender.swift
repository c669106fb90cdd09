import ClerkctlCurl
import ClerkctlHTTP
import Dispatch
import FoundationEssentials

/// Sends HTTP requests to your backend with `Authorization: Bearer <token>` from a
/// `BearerTokenProvider` — `ClerkAuthProvider`, `ClerkMachineTokenProvider` or your own — the
/// way JWT auth clients do: the token is refreshed before sending when it has less than
/// `minimumTokenTtl` seconds left, and a 401 reply gets one retry with a fresh token.
public struct AuthenticatedRequestSender: Sendable {
  /// Where tokens come from.
  public let provider: any BearerTokenProvider
  /// A token with less time left than this is refreshed before sending.
  public let minimumTokenTtl: TimeInterval
  /// How requests go out: the provider's own transport when it is one of this library's,
  /// else libcurl.
  private let http: HTTPClient

  /// A sender taking tokens from `provider`.
  public init(provider: any BearerTokenProvider, minimumTokenTtl: TimeInterval = 10) {
    self.provider = provider
    self.minimumTokenTtl = minimumTokenTtl
    http =
      (provider as? any HTTPClientCarrying)?.http
      ?? .lazy { .curl(CurlConfiguration(userAgent: CurlConfiguration.defaultUserAgent)) }
  }

  /// Sends `request` with the token, replacing any `Authorization` header it has.
  ///
  /// - Parameters:
  ///   - request: the request.
  ///   - refreshExpiredToken: refresh the token before sending when it has less than
  ///     `minimumTokenTtl` left, and on a 401 get a new one and send once more (exactly one
  ///     retry). `false` sends the cached token as it is and returns a 401 as it came.
  /// - Returns: the response, whatever its status (a second 401 included).
  /// - Throws: `ClerkAuthError` (`.noActiveSession`, `.unavailable` for transport failures, …),
  ///   or what your own provider throws.
  public func send(_ request: Request, refreshExpiredToken: Bool = true) async throws -> Response {
    let minimumTtl = refreshExpiredToken ? minimumTokenTtl : -.infinity
    let first = try await provider.bearerToken(minimumTtl: minimumTtl, forceRefresh: false)
    let response = try await send(request, token: first)
    guard refreshExpiredToken, response.status == 401 else { return response }
    let fresh = try await provider.bearerToken(minimumTtl: minimumTokenTtl, forceRefresh: true)
    return try await send(request, token: fresh)
  }

  /// `send(_:refreshExpiredToken:)` under the name JWT auth clients give it.
  public func sendAuthenticated(
    _ request: Request, refreshExpiredToken: Bool = true
  ) async throws -> Response {
    try await send(request, refreshExpiredToken: refreshExpiredToken)
  }

  private func send(_ request: Request, token: String) async throws -> Response {
    var headers = HTTPHeaders(request.headers.map { ($0.name, $0.value) })
    headers.replaceOrAdd(name: "Authorization", value: "Bearer " + token)
    let outgoing = HTTPRequest(
      method: request.method, url: request.url, headers: headers, body: request.body,
      timeout: request.timeout, maxResponseBytes: request.maxResponseBytes)
    let http = http
    let result: Result<HTTPResponse, any Error> = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: Result { try http.send(outgoing) })
      }
    }
    do {
      let response = try result.get()
      return Response(
        status: response.status, headers: response.headers.fields, body: response.body)
    } catch {
      throw ClerkAuthError(error, during: .token)
    }
  }
}
