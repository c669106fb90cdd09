import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// Clerk's Backend API for machines and M2M tokens, with one bearer: a machine secret key
/// (`ak_…`, to create, list, revoke and verify its tokens) or the instance secret key
/// (`sk_…`, to manage machines and verify any token). JSON bodies, bare objects in replies.
package final class MachineAPIClient: @unchecked Sendable {
  package let baseURL: String
  private let bearer: String
  private let http: HTTPClient
  private let clock: Clock
  private let requestTimeout: Double
  /// Server time minus local time, from the newest reply's `Date` header.
  package private(set) var clockSkew: Double?

  package init(
    baseURL: String, bearer: String, http: HTTPClient, clock: Clock = .system,
    requestTimeout: Double = HTTPRequest.defaultTimeout
  ) {
    self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    self.bearer = bearer
    self.http = http
    self.clock = clock
    self.requestTimeout = requestTimeout
  }

  /// A refusal of the bearer (401, or 403 for a key of the wrong kind), a refused input (400,
  /// 409, 422) or something missing (404): Clerk's error, with its status.
  package struct Refusal: Error, Sendable, CustomStringConvertible {
    package var error: ClerkAPIError
    package var description: String { error.description }
  }

  /// Sends `method path` with `body`; the decoded reply.
  ///
  /// - Throws: `Refusal` for Clerk's 4xx errors; `ClerkError` for the rest (transport,
  ///   unavailable, malformed).
  package func send(
    _ method: String, _ path: String, body: JSONValue? = nil, query: [(String, String)] = []
  ) throws -> JSONValue {
    var url = baseURL + path
    if !query.isEmpty { url += "?" + FormEncoding.encode(query) }
    let request = ClerkAPIRequest.make(
      method, url: url, bearer: bearer, body: body, timeout: requestTimeout)
    let response = try ClerkAPIRequest.send(request, through: http)
    if let date = response.headers["Date"].flatMap(HTTPDate.parse) {
      clockSkew = date.timeIntervalSince(clock.now())
    }
    if (400..<500).contains(response.status), response.status != 429 {
      let apiError =
        (try? JSONValue(parsing: response.body)).flatMap {
          ClerkAPIError(status: response.status, json: $0)
        }
        ?? ClerkAPIError(
          status: response.status, code: "http_\(response.status)",
          message: "HTTP \(response.status)")
      throw Refusal(error: apiError)
    }
    return try FrontendAPIClient.decode(response)
  }

  // MARK: - M2M tokens (bearer: a machine secret, or for verify/list/revoke the secret key)

  /// `POST /m2m_tokens`: a new token of `request`'s format, lifetime and claims; with
  /// `minRemainingTTL` (opaque only), Clerk may answer a live one with as much left.
  package func createToken(
    _ request: MachineTokenRequest, minRemainingTTL: Int64?
  ) throws -> JSONValue {
    var body: [String: JSONValue] = ["token_format": .string(request.format.rawValue)]
    if let ttl = request.ttl { body["seconds_until_expiration"] = .int(ttl) }
    if let claims = request.claims { body["claims"] = claims }
    if let minRemainingTTL, request.format == .opaque {
      body["min_remaining_ttl_seconds"] = .int(minRemainingTTL)
    }
    return try send("POST", "/m2m_tokens", body: .object(body))
  }

  /// `POST /m2m_tokens/verify`.
  package func verifyToken(_ token: String) throws -> JSONValue {
    try send("POST", "/m2m_tokens/verify", body: ["token": .string(token)])
  }

  /// `GET /m2m_tokens?subject=…`: the machine's opaque tokens (without their `token`).
  package func listTokens(subject: String, revoked: Bool, expired: Bool) throws -> JSONValue {
    try send(
      "GET", "/m2m_tokens",
      query: [
        ("subject", subject), ("revoked", revoked ? "true" : "false"),
        ("expired", expired ? "true" : "false"), ("limit", "100"),
      ])
  }

  /// `POST /m2m_tokens/{id}/revoke`.
  package func revokeToken(id: String, reason: String?) throws -> JSONValue {
    try send(
      "POST", "/m2m_tokens/\(FormEncoding.escape(id))/revoke",
      body: ["revocation_reason": reason.map(JSONValue.string) ?? .null])
  }
}
