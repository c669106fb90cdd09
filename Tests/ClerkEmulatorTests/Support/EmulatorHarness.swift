import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation
import Testing

@testable import ClerkEmulator

/// An emulator driven through `handle(_:)`, with helpers for the native FAPI protocol.
///
/// With `overLoopback`, the emulator runs behind a real `HTTPServer` on `127.0.0.1:0` and every
/// helper goes over HTTP through libcurl (`HTTPClient.curl()`); the base URL is then the
/// server's. The server stops when the harness is released.
struct EmulatorHarness {
  static let base = "http://127.0.0.1:8787"
  let emulator: Emulator
  let time: TestClock
  /// The served origin: `base`, or the loopback server's.
  let baseURL: String
  /// The loopback server, when requests go over HTTP.
  let server: HTTPServer?
  /// The client used over loopback.
  let http: HTTPClient

  init(
    configuration: EmulatorConfiguration = .seed, overLoopback: Bool = false,
    server serverConfiguration: HTTPServer.Configuration = .init(),
    recorder: ReplyRecorder? = ReplyRecorder.fromEnvironment(),
    signingKey: EmulatorSigningKey? = nil,
    webhooks: WebhookSettings? = nil, webhookLog: @escaping @Sendable (String) -> Void = { _ in }
  ) throws {
    time = TestClock()
    let emulator = Emulator(
      configuration: configuration, baseURL: Self.base,
      signingKey: try signingKey ?? EmulatorSigningKey(key: RFC7515Key.privateKey()),
      clock: time.clock, recorder: recorder, webhooks: webhooks, webhookLog: webhookLog)
    self.emulator = emulator
    http = HTTPClient.curl()
    guard overLoopback else {
      server = nil
      baseURL = Self.base
      return
    }
    let server = HTTPServer(configuration: serverConfiguration) { emulator.handle($0) }
    try server.start()
    emulator.setBaseURL("http://127.0.0.1:\(server.port)")
    self.server = server
    baseURL = emulator.baseURL
  }

  /// The loopback server's port (0 when driven directly).
  var port: Int { server?.port ?? 0 }

  /// Sends a request; fails the test when the connection was dropped.
  @discardableResult
  func send(
    _ method: String, _ target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    remote: String = "127.0.0.1", sourceLocation: SourceLocation = #_sourceLocation
  ) -> HTTPResponse {
    if server != nil {
      do {
        return try exchange(method, target, headers: headers, body: body)
      } catch {
        Issue.record("HTTP exchange failed: \(error)", sourceLocation: sourceLocation)
        return HTTPResponse(status: 0)
      }
    }
    return handle(
      method, target, headers: headers, body: body, remote: remote,
      sourceLocation: sourceLocation)
  }

  /// Hands a request to the emulator directly, in memory.
  private func handle(
    _ method: String, _ target: String, headers: HTTPHeaders, body: [UInt8], remote: String,
    sourceLocation: SourceLocation
  ) -> HTTPResponse {
    // Every HTTP/1.1 client names the Host; so does the harness, unless the test set one.
    var headers = withTestToken(headers, target)
    if !headers.contains("Host") { headers.add(name: "Host", value: "127.0.0.1:8787") }
    let reply = emulator.handle(
      HTTPServerRequest(
        method: method, target: target, headers: headers, body: body, remoteAddress: remote))
    guard case .respond(let response) = reply.action else {
      Issue.record("connection dropped", sourceLocation: sourceLocation)
      return HTTPResponse(status: 0)
    }
    return response
  }

  /// Sends a request over loopback HTTP; throws the client's `HTTPError`.
  func exchange(
    _ method: String, _ target: String, headers: HTTPHeaders = [:], body: [UInt8] = []
  ) throws -> HTTPResponse {
    try http.send(
      HTTPRequest(
        method: method, url: baseURL + target, headers: withTestToken(headers, target),
        body: body))
  }

  /// `headers` plus the run's test token for a test-surface `target`, unless the test set a
  /// token (`X-Emulator-Token: ""` sends none that works).
  func withTestToken(_ headers: HTTPHeaders, _ target: String) -> HTTPHeaders {
    guard target.hasPrefix("/__emulator/"), !headers.contains("X-Emulator-Token") else {
      return headers
    }
    var headers = headers
    headers.add(name: "X-Emulator-Token", value: emulator.testToken)
    return headers
  }

  /// A native FAPI request: `_is_native=true`, form body, client token as-is.
  @discardableResult
  func fapi(
    _ method: String, _ path: String, form: [(String, String)] = [], token: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> HTTPResponse {
    let (target, headers, body) = Self.fapiRequest(path, form: form, token: token)
    return send(method, target, headers: headers, body: body, sourceLocation: sourceLocation)
  }

  /// The target, headers and body of a native FAPI request.
  private static func fapiRequest(
    _ path: String, form: [(String, String)], token: String?
  ) -> (target: String, headers: HTTPHeaders, body: [UInt8]) {
    var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
    if let token { headers.add(name: "Authorization", value: token) }
    let separator = path.contains("?") ? "&" : "?"
    let body = form.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
    return (path + separator + "_is_native=true", headers, Array(body.utf8))
  }

  /// A BAPI request with the secret key (or `authorization`).
  @discardableResult
  func bapi(
    _ method: String, _ path: String, json: JSONValue? = nil, authorization: String? = nil
  )
    -> HTTPResponse
  {
    send(
      method, path, headers: bapiHeaders(authorization: authorization),
      body: json?.encodedBytes ?? [])
  }

  /// The headers of a BAPI request: the secret key, or `authorization` ("": none).
  private func bapiHeaders(authorization: String?) -> HTTPHeaders {
    var headers: HTTPHeaders = [
      "Authorization": authorization ?? "Bearer \(emulator.secretKey)",
      "Content-Type": "application/json",
    ]
    if authorization == "" { headers.remove(name: "Authorization") }
    return headers
  }

  /// Queues a fault on the test surface (see `Fault`).
  func queueFault(_ fault: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) {
    let response = send(
      "POST", "/__emulator/faults", headers: ["Content-Type": "application/json"],
      body: fault.encodedBytes, sourceLocation: sourceLocation)
    #expect(response.status == 200, sourceLocation: sourceLocation)
  }

  /// Signs in with a password in one request; returns the client token and session id.
  func signIn(
    _ email: String = "demo@example.com", password: String = "demo-password"
  ) throws
    -> (token: String, sessionID: String)
  {
    let response = fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", email), ("password", password)])
    return try Self.signedIn(response)
  }

  /// The client token and session id of a password sign-in's response.
  private static func signedIn(
    _ response: HTTPResponse
  ) throws -> (
    token: String, sessionID: String
  ) {
    let body = try json(response)
    let token = try #require(response.headers["Authorization"])
    let session = try #require(body["response"]?["created_session_id"]?.stringValue)
    return (token, session)
  }

  /// Mints a token for a session; returns the decoded payload.
  func mint(_ sessionID: String, token: String, template: String? = nil) throws -> JWT {
    try Self.minted(fapi("POST", Self.mintPath(sessionID, template: template), token: token))
  }

  private static func mintPath(_ sessionID: String, template: String?) -> String {
    "/v1/client/sessions/\(sessionID)/tokens" + (template.map { "/" + $0 } ?? "")
  }

  /// The decoded payload of a mint's response.
  private static func minted(_ response: HTTPResponse) throws -> JWT {
    #expect(response.status == 200)
    let body = try json(response)
    #expect(body["object"] == "token")
    return try JWT(try #require(body["jwt"]?.stringValue))
  }

  static func json(_ response: HTTPResponse) throws -> JSONValue {
    try JSONValue(parsing: response.body)
  }

  /// The first error's code.
  static func errorCode(_ response: HTTPResponse) -> String? {
    (try? json(response))?["errors"]?.arrayValue?.first?["code"]?.stringValue
  }

  static func encode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}

/// The helpers above awaited: over loopback the libcurl exchange runs on a thread of its own,
/// so a test waiting on the server holds no cooperative thread.
extension EmulatorHarness {
  /// ``send(_:_:headers:body:remote:sourceLocation:)``, awaited.
  @discardableResult
  func send(
    _ method: String, _ target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    remote: String = "127.0.0.1", sourceLocation: SourceLocation = #_sourceLocation
  ) async -> HTTPResponse {
    guard server != nil else {
      return handle(
        method, target, headers: headers, body: body, remote: remote,
        sourceLocation: sourceLocation)
    }
    do {
      return try await exchange(method, target, headers: headers, body: body)
    } catch {
      Issue.record("HTTP exchange failed: \(error)", sourceLocation: sourceLocation)
      return HTTPResponse(status: 0)
    }
  }

  /// ``exchange(_:_:headers:body:)``, awaited.
  func exchange(
    _ method: String, _ target: String, headers: HTTPHeaders = [:], body: [UInt8] = []
  ) async throws -> HTTPResponse {
    // The server lives until the reply is in, even if the caller's last use of the harness
    // was this call.
    defer { withExtendedLifetime(server) {} }
    return try await http.awaitedSend(
      HTTPRequest(
        method: method, url: baseURL + target, headers: withTestToken(headers, target),
        body: body))
  }

  /// ``fapi(_:_:form:token:sourceLocation:)``, awaited.
  @discardableResult
  func fapi(
    _ method: String, _ path: String, form: [(String, String)] = [], token: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> HTTPResponse {
    let (target, headers, body) = Self.fapiRequest(path, form: form, token: token)
    return await send(method, target, headers: headers, body: body, sourceLocation: sourceLocation)
  }

  /// ``bapi(_:_:json:authorization:)``, awaited.
  @discardableResult
  func bapi(
    _ method: String, _ path: String, json: JSONValue? = nil, authorization: String? = nil
  ) async -> HTTPResponse {
    await send(
      method, path, headers: bapiHeaders(authorization: authorization),
      body: json?.encodedBytes ?? [])
  }

  /// ``queueFault(_:sourceLocation:)``, awaited.
  func queueFault(_ fault: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) async {
    let response = await send(
      "POST", "/__emulator/faults", headers: ["Content-Type": "application/json"],
      body: fault.encodedBytes, sourceLocation: sourceLocation)
    #expect(response.status == 200, sourceLocation: sourceLocation)
  }

  /// ``signIn(_:password:)``, awaited.
  func signIn(
    _ email: String = "demo@example.com", password: String = "demo-password"
  ) async throws -> (token: String, sessionID: String) {
    let response = await fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", email), ("password", password)])
    return try Self.signedIn(response)
  }

  /// ``mint(_:token:template:)``, awaited.
  func mint(_ sessionID: String, token: String, template: String? = nil) async throws -> JWT {
    try Self.minted(await fapi("POST", Self.mintPath(sessionID, template: template), token: token))
  }
}
