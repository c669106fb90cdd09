import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkctlCore
@testable import ClerkctlHTTP
@testable import ClerkctlJOSE

@Suite("OIDC discovery")
struct OIDCDiscoveryTests {
  /// Answers requests from a URL-to-response table and records what was asked.
  final class FakeServer: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [HTTPRequest] = []
    private let routes: [String: HTTPResponse]

    init(_ routes: [String: HTTPResponse]) { self.routes = routes }

    var client: HTTPClient {
      HTTPClient { request in
        self.lock.withLock { self.requests.append(request) }
        return self.routes[request.url] ?? HTTPResponse(status: 404)
      }
    }

    var requested: [HTTPRequest] { lock.withLock { requests } }
  }

  static let issuer = "https://clerk.example.com"
  static let configurationURL = "https://clerk.example.com/.well-known/openid-configuration"
  static let jwksURL = "https://clerk.example.com/.well-known/jwks.json"

  static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/json"], body: value.encodedBytes)
  }

  static var jwks: JWKS { JWKS(keys: [RFC7515Key.jwk(kid: "ins_1")]) }

  @Test("finds jwks_uri from the issuer's configuration and downloads the key set")
  func discovers() throws {
    let server = FakeServer([
      Self.configurationURL: Self.json([
        "issuer": .string(Self.issuer), "jwks_uri": .string(Self.jwksURL),
      ]),
      Self.jwksURL: Self.json(Self.jwks.json),
    ])
    let discovery = OIDCDiscovery(http: server.client)
    #expect(try discovery.jwks(issuer: Self.issuer + "/") == Self.jwks)
    #expect(server.requested.map(\.url) == [Self.configurationURL, Self.jwksURL])
    #expect(server.requested.allSatisfy { $0.method == "GET" })
    #expect(server.requested.first?.headers["accept"] == "application/json")
  }

  @Test("refuses a configuration document for another issuer")
  func issuerMismatch() {
    let server = FakeServer([
      Self.configurationURL: Self.json([
        "issuer": "https://evil.example.com", "jwks_uri": .string(Self.jwksURL),
      ])
    ])
    #expect(
      throws: JWTError.discoveryFailed(
        url: Self.configurationURL,
        reason: "the document is for issuer 'https://evil.example.com', not "
          + "'https://clerk.example.com'")
    ) {
      try OIDCDiscovery(http: server.client).jwksURL(issuer: Self.issuer)
    }
  }

  @Test("refuses error statuses, non-JSON bodies and documents without jwks_uri")
  func failures() {
    let missing = FakeServer([:])
    #expect(
      throws: JWTError.discoveryFailed(
        url: Self.configurationURL, reason: "the server answered HTTP 404")
    ) {
      try OIDCDiscovery(http: missing.client).jwksURL(issuer: Self.issuer)
    }
    let noURI = FakeServer([Self.configurationURL: Self.json(["issuer": .string(Self.issuer)])])
    #expect(
      throws: JWTError.discoveryFailed(
        url: Self.configurationURL, reason: "the document has no 'jwks_uri'")
    ) {
      try OIDCDiscovery(http: noURI.client).jwksURL(issuer: Self.issuer)
    }
    let html = FakeServer([
      Self.configurationURL: HTTPResponse(status: 200, body: Array("<html>".utf8))
    ])
    #expect(throws: JWTError.self) {
      try OIDCDiscovery(http: html.client).jwksURL(issuer: Self.issuer)
    }
    let badJWKS = FakeServer([Self.jwksURL: Self.json(["keys": 1])])
    #expect(
      throws: JWTError.discoveryFailed(
        url: Self.jwksURL, reason: "unusable key: the JWKS has no 'keys' array")
    ) {
      try OIDCDiscovery(http: badJWKS.client).fetchJWKS(url: Self.jwksURL)
    }
  }

  @Test("transport errors pass through unchanged")
  func transportError() {
    struct Unreachable: Error, Equatable {}
    let discovery = OIDCDiscovery(http: HTTPClient { _ in throw Unreachable() })
    #expect(throws: Unreachable()) { try discovery.jwks(issuer: Self.issuer) }
  }
}
