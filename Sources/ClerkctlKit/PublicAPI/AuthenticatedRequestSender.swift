import ClerkctlHTTP
import Dispatch
import FoundationEssentials

/// Sends HTTP requests to your backend with `Authorization: Bearer <JWT>` from a
/// `ClerkAuthProvider`, the way JWT auth clients do: the token is refreshed before sending when
/// it has less than `minimumTTL` seconds left, and a 401 reply gets one retry with a freshly
/// minted token.
public struct AuthenticatedRequestSender: Sendable {
  /// Where tokens come from.
  public let provider: ClerkAuthProvider
  /// A token with less time left than this is refreshed before sending.
  public let minimumTTL: TimeInterval

  /// A sender taking tokens from `provider`.
  public init(provider: ClerkAuthProvider, minimumTTL: TimeInterval = 10) {
    self.provider = provider
    self.minimumTTL = minimumTTL
  }

  /// Sends `request` with the token, replacing any `Authorization` header it has.
  ///
  /// - Parameters:
  ///   - request: the request.
  ///   - refreshExpiredToken: refresh the token before sending when it has less than
  ///     `minimumTTL` left, and on a 401 mint a new one and send once more (exactly one
  ///     retry). `false` sends the stored token as it is and returns a 401 as it came.
  /// - Returns: the response, whatever its status (a second 401 included).
  /// - Throws: `ClerkAuthError` (`.noActiveSession`, `.unavailable` for transport failures, …).
  public func send(_ request: Request, refreshExpiredToken: Bool = true) async throws -> Response {
    let minTTL = refreshExpiredToken ? minimumTTL : -Double.infinity
    let first = try await provider.credentials(
      minTTL: minTTL, forceRefresh: false, announce: false)
    let response = try await send(request, token: first.idToken)
    guard refreshExpiredToken, response.status == 401 else { return response }
    let fresh = try await provider.credentials(
      minTTL: minimumTTL, forceRefresh: true, announce: false)
    return try await send(request, token: fresh.idToken)
  }

  private func send(_ request: Request, token: String) async throws -> Response {
    var headers = HTTPHeaders(request.headers.map { ($0.name, $0.value) })
    headers.replaceOrAdd(name: "Authorization", value: "Bearer " + token)
    let outgoing = HTTPRequest(
      method: request.method, url: request.url, headers: headers, body: request.body,
      timeout: request.timeout, maxResponseBytes: request.maxResponseBytes)
    let http = provider.http
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
