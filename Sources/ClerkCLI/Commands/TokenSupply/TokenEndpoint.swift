import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlKit

/// Answers the token endpoints of `clerkctl exec --refresh`: `GET PATH` carrying
/// `Authorization: Bearer SECRET` gets the kept token as `text/plain` (the JWT alone), or with
/// `?format=json` as `{jwt, template, issued_at, expires_at, expires_in}`. Over loopback TCP a
/// request without the secret gets 401 whatever it asks for (the secret is compared in
/// constant time); over the private Unix socket, which only this user can reach, none is
/// needed.
package struct TokenEndpoint: Sendable {
  /// The path served.
  package static let path = "/token"

  /// The bearer secret a request must carry.
  package let secret: String
  private let keeper: TokenKeeper

  /// - Parameters:
  ///   - keeper: where tokens come from.
  ///   - secret: the bearer secret; default 32 random bytes, base64url.
  package init(keeper: TokenKeeper, secret: String = Base64URL.encode(SecureRandom.bytes(32))) {
    self.keeper = keeper
    self.secret = secret
  }

  /// The answer to `request`; `overPrivateSocket`: it came over the private Unix socket.
  package func respond(
    _ request: HTTPServerRequest, overPrivateSocket: Bool = false
  ) -> HTTPServerResponse {
    guard overPrivateSocket || isAuthorized(request.headers["Authorization"]) else {
      return reply(401, "a bearer secret is required\n", headers: ["WWW-Authenticate": "Bearer"])
    }
    guard request.path == Self.path else { return reply(404, "not found\n") }
    guard request.method == "GET" else {
      return reply(405, "only GET is allowed\n", headers: ["Allow": "GET"])
    }
    let format = Self.format(of: request.query)
    guard format == "json" || format == "raw" else {
      return reply(400, "format must be raw or json\n")
    }
    let result: ClerkAccount.TokenResult
    do {
      result = try keeper.current()
    } catch {
      return reply(503, "no token: \(ErrorReporter.message(for: error))\n")
    }
    guard format == "json" else {
      return reply(200, result.token.jwt)
    }
    let left = Int64(keeper.secondsLeft(result).rounded(.down))
    let json: JSONValue = [
      "jwt": .string(result.token.jwt),
      "template": keeper.template.map(JSONValue.string) ?? .null,
      "issued_at": .int(result.token.issuedAt),
      "expires_at": .int(result.token.expiresAt),
      "expires_in": .int(max(0, left)),
    ]
    return reply(200, json.encoded, contentType: "application/json")
  }

  private func isAuthorized(_ header: String?) -> Bool {
    guard let header, let space = header.firstIndex(of: " ") else { return false }
    guard header[..<space].lowercased() == "bearer" else { return false }
    let presented = String(header[header.index(after: space)...]).trimmingWhitespace()
    return ConstantTime.equals(presented, secret)
  }

  /// The `format` query parameter (`raw` when absent).
  private static func format(of query: String) -> String {
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.first == "format" { return parts.count > 1 ? String(parts[1]) : "" }
    }
    return "raw"
  }

  private func reply(
    _ status: Int, _ body: String, contentType: String = "text/plain; charset=utf-8",
    headers: HTTPHeaders = [:]
  ) -> HTTPServerResponse {
    var headers = headers
    headers.add(name: "Content-Type", value: contentType)
    headers.add(name: "Cache-Control", value: "no-store")
    return HTTPServerResponse(
      HTTPResponse(status: status, headers: headers, body: Array(body.utf8)))
  }
}
