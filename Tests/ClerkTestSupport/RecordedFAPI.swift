import ClerkctlCore
import ClerkctlHTTP
import Foundation

/// A scripted Frontend API that replays recorded bodies: each operation (`METHOD /template`,
/// with `{param}` matching any one path segment) answers from its own queue of replies, in
/// order, repeating the last. Every reply carries Clerk's native-client `Authorization` header
/// (the recorder kept no headers). Serves in memory (`http`) or over loopback
/// (`responder()`, a ``ScriptedHTTPResponder``); records the operations asked for.
///
/// ```swift
/// let fapi = RecordedFAPI([
///   "POST /v1/client/sign_ins": [.ok(try RecordedReplies.fixture("fapi-sign-in-…").body)],
/// ])
/// let api = FrontendAPIClient(baseURL: "https://clerk.example.test", clientToken: nil,
///   http: fapi.http)
/// ```
package final class RecordedFAPI: Sendable {
  /// One reply.
  package struct Reply: Sendable {
    package var status: Int
    package var body: JSONValue
    package var headers: HTTPHeaders

    package init(status: Int, body: JSONValue, headers: HTTPHeaders = [:]) {
      self.status = status
      self.body = body
      self.headers = headers
    }

    /// A 200 with `body`.
    package static func ok(_ body: JSONValue) -> Reply { Reply(status: 200, body: body) }
  }

  /// The client token every reply hands out.
  package static let clientToken = "recorded-client-token"

  private let replies: Lock<[String: [Reply]]>
  private let asked = Lock<[String]>([])
  /// What answers an operation with no reply; `nil`: a 404 with Clerk's error body.
  private let fallback: (@Sendable (HTTPRequest) throws -> HTTPResponse)?

  /// - Parameters:
  ///   - replies: by `METHOD /template`.
  ///   - fallback: answers every other request (e.g. an emulator's `http.send`).
  package init(
    _ replies: [String: [Reply]],
    fallback: (@Sendable (HTTPRequest) throws -> HTTPResponse)? = nil
  ) {
    self.replies = Lock(replies)
    self.fallback = fallback
  }

  /// The operations asked for so far, as `METHOD /path` (the path as sent, no query).
  package var requests: [String] { asked.withLock { $0 } }

  /// The replies in memory.
  package var http: HTTPClient {
    HTTPClient { request in try self.answer(method: request.method, url: request.url, request) }
  }

  /// A loopback server giving the same replies.
  package func responder() throws -> ScriptedHTTPResponder {
    try ScriptedHTTPResponder { received in
      let response =
        (try? self.answer(method: received.method, url: received.target, nil))
        ?? HTTPResponse(status: 500)
      return ScriptedHTTPResponder.response(
        status: response.status, headers: response.headers.fields.map { ($0.name, $0.value) },
        body: response.body)
    }
  }

  private func answer(
    method: String, url: String, _ request: HTTPRequest?
  ) throws -> HTTPResponse {
    let path = Self.path(of: url)
    let operation = replies.withLock { table -> (String, Reply)? in
      guard
        let key = table.keys.sorted().first(where: { Self.matches($0, method: method, path: path) }
        ),
        let queue = table[key], let first = queue.first
      else { return nil }
      if queue.count > 1 { table[key] = Array(queue.dropFirst()) }
      return (key, first)
    }
    guard let (_, reply) = operation else {
      if let fallback, let request { return try fallback(request) }
      asked.withLock { $0.append("\(method) \(path)") }
      return HTTPResponse(
        status: 404, headers: ["Content-Type": "application/json"],
        body: Array(#"{"errors":[{"code":"resource_not_found","message":"not scripted"}]}"#.utf8))
    }
    asked.withLock { $0.append("\(method) \(path)") }
    var headers = reply.headers
    if !headers.contains("Authorization") {
      headers.add(name: "Authorization", value: Self.clientToken)
    }
    headers.add(name: "Content-Type", value: "application/json")
    return HTTPResponse(status: reply.status, headers: headers, body: reply.body.encodedBytes)
  }

  /// The path of a URL or request target, without its query.
  static func path(of url: String) -> String {
    var rest = Substring(url)
    if let scheme = rest.range(of: "://") {
      rest = rest[scheme.upperBound...]
      rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
    }
    return String(rest.split(separator: "?", maxSplits: 1).first ?? "")
  }

  /// Whether `operation` (`METHOD /v1/x/{id}`) names `request` (`METHOD /v1/x/x_1`, as in
  /// ``requests``).
  package static func matches(_ operation: String, request: String) -> Bool {
    let parts = request.split(separator: " ", maxSplits: 1)
    guard parts.count == 2 else { return false }
    return matches(operation, method: String(parts[0]), path: String(parts[1]))
  }

  /// Whether `operation` (`METHOD /v1/x/{id}`) names `method path`.
  package static func matches(_ operation: String, method: String, path: String) -> Bool {
    let parts = operation.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0] == method else { return false }
    let pattern = parts[1].split(separator: "/", omittingEmptySubsequences: false)
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard pattern.count == segments.count else { return false }
    return zip(pattern, segments).allSatisfy { expected, actual in
      (expected.hasPrefix("{") && expected.hasSuffix("}") && !actual.isEmpty) || expected == actual
    }
  }
}
