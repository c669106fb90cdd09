import ClerkCLI
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlKit
import Foundation
import Testing

/// The loopback endpoint of `exec --refresh`, in process: a keeper over an in-memory store
/// whose cache holds a good token, and an HTTP stub that records every request.
@Suite("exec --refresh: the token endpoint")
struct TokenEndpointTests {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  let now = Shared(TokenEndpointTests.start)
  let requests = Shared<[String]>([])
  let keeper: TokenKeeper
  let endpoint: TokenEndpoint
  let events = Shared<[String]>([])

  init() throws {
    let store = InMemoryCredentialStore()
    let issued = Int64(Self.start.timeIntervalSince1970)
    try store.save(
      ProfileCredential(
        profile: "default", fapiURL: "https://clerk.example.com", clientToken: "client",
        sessionID: "sess_1", userID: "user_1", signedInAt: issued,
        tokens: [
          "sess_1|convex": CachedToken(
            jwt: "eyJ.cached.sig", template: "convex", issuedAt: issued, expiresAt: issued + 60,
            instance: "https://clerk.example.com")
        ]))
    let now = self.now
    let requests = self.requests
    let http = HTTPClient { request in
      requests.withLock { $0.append(request.method + " " + request.url) }
      return HTTPResponse(
        status: 401, headers: ["Content-Type": "application/json"],
        body: Array(
          #"{"errors":[{"code":"authentication_invalid","message":"Unauthorized"}]}"#.utf8))
    }
    let account = ClerkAccount(
      profile: "default", store: store, http: http,
      clock: Clock(now: { now.withLock { $0 } }, sleep: { _ in }))
    let events = self.events
    keeper = TokenKeeper(
      account: account, template: "convex", renewal: TokenRenewal(minTTL: 10)
    ) { event in
      let name: String
      switch event {
      case .renewed(let result): name = "renewed " + result.token.jwt
      case .failed: name = "failed"
      case .expired: name = "expired"
      case .ended: name = "ended"
      }
      events.withLock { $0.append(name) }
    }
    try keeper.start()
    endpoint = TokenEndpoint(keeper: keeper, secret: "s3cret-value")
  }

  private func get(
    _ target: String = "/token", authorization: String? = "Bearer s3cret-value",
    method: String = "GET"
  ) -> HTTPResponse {
    var headers: HTTPHeaders = [:]
    if let authorization { headers.add(name: "Authorization", value: authorization) }
    let reply = endpoint.respond(
      HTTPServerRequest(method: method, target: target, headers: headers))
    guard case .respond(let response) = reply.action else {
      Issue.record("connection dropped")
      return HTTPResponse(status: 0)
    }
    return response
  }

  @Test("without the secret, or with a wrong one, every request gets 401 and no token")
  func refusesWithoutSecret() {
    for authorization in [
      nil, "Bearer", "Bearer ", "Bearer wrong", "Bearer s3cret-valuE", "Bearer s3cret-value2",
      "Bearer s3cret-valu", "Basic s3cret-value", "s3cret-value",
    ] {
      for target in ["/token", "/token?format=json", "/", "/other"] {
        let response = get(target, authorization: authorization)
        #expect(response.status == 401, "\(authorization ?? "none") \(target)")
        #expect(response.headers["WWW-Authenticate"] == "Bearer")
        #expect(!response.bodyText.contains("eyJ"))
      }
    }
    #expect(requests.withLock { $0 }.isEmpty)
  }

  @Test("with the secret: the cached token as text/plain, or as JSON with ?format=json")
  func servesToken() throws {
    let text = get()
    #expect(text.status == 200)
    #expect(text.bodyText == "eyJ.cached.sig")
    #expect(text.headers["Content-Type"]?.hasPrefix("text/plain") == true)
    #expect(text.headers["Cache-Control"] == "no-store")
    #expect(get(authorization: "bearer s3cret-value").status == 200, "the scheme is case-blind")

    now.withLock { $0 = Self.start.addingTimeInterval(15) }
    let json = get("/token?format=json")
    #expect(json.status == 200)
    #expect(json.headers["Content-Type"] == "application/json")
    let body = try JSONValue(parsing: json.body)
    let issued = Int64(Self.start.timeIntervalSince1970)
    #expect(
      body
        == [
          "jwt": "eyJ.cached.sig", "template": "convex", "issued_at": .int(issued),
          "expires_at": .int(issued + 60), "expires_in": 45,
        ])
    #expect(requests.withLock { $0 }.isEmpty, "served from the cache, no request")
  }

  @Test("other paths are 404, other methods 405, other formats 400")
  func otherRequests() {
    #expect(get("/other").status == 404)
    let post = get(method: "POST")
    #expect(post.status == 405)
    #expect(post.headers["Allow"] == "GET")
    #expect(get("/token?format=xml").status == 400)
  }

  @Test("a token running low is renewed on request; a session that ended is 503, for good")
  func renewsOnRequest() {
    now.withLock { $0 = Self.start.addingTimeInterval(55) }
    let response = get()
    #expect(response.status == 503)
    #expect(response.bodyText.contains("clerkctl login"))
    #expect(requests.withLock { $0 }.contains { $0.contains("/tokens/convex") })
    #expect(events.withLock { $0 } == ["renewed eyJ.cached.sig", "ended"])
    #expect(keeper.endError != nil)
    let count = requests.withLock { $0.count }
    #expect(get().status == 503)
    #expect(requests.withLock { $0.count } == count, "no more requests once the session ended")
  }
}

/// A value shared with closures running on other threads.
final class Shared<Value: Sendable>: Sendable {
  private let value: Lock<Value>

  init(_ value: Value) { self.value = Lock(value) }

  func withLock<T>(_ body: (inout Value) -> T) -> T { value.withLock { body(&$0) } }
}
