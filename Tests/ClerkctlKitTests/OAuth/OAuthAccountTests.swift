import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

@Suite("OAuth account: PKCE sign-in, refresh, rotation, revocation")
struct OAuthAccountTests {
  let directory = TemporaryDirectory()
  let clock = TestClock()

  func account(_ server: FakeAuthorizationServer) -> OAuthAccount {
    OAuthAccount(
      profile: "app", store: ProfileStore(directory: directory.config),
      http: server.http, clock: clock.clock)
  }

  func signIn(_ server: FakeAuthorizationServer) throws -> OAuthAccount.TokenResult {
    let account = account(server)
    let request = try account.authorizationRequest(
      fapiURL: server.issuer, clientID: "client_1", scopes: ["openid", "offline_access"],
      redirectURI: "http://127.0.0.1:5000/callback")
    let code = server.approve(request)
    return try account.completeLogin(
      request, callback: OAuthCallback(code: code, state: request.state), clientSecret: nil)
  }

  @Test("SHA-256 matches the FIPS 180 vectors, and S256 is base64url of it")
  func digest() {
    let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
    #expect(
      hex(SHA256Digest.hash([]))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      hex(SHA256Digest.hash(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SHA256Digest.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(SHA256Digest.hash([UInt8](repeating: 0x61, count: 1000)))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    #expect(
      PKCE.challenge(for: "dBjftJeZ4CVP-mJ0kAyaQ5e9ZTFbZqbNz6qW-JVj2ps")
        == "j9CRDWUol3bVz135_qR7P5raAwY-i-kDL8ciD8-EK-I")
  }

  @Test("verifiers and states are 43 random base64url characters, new each time")
  func randomness() throws {
    let first = try PKCE()
    let second = try PKCE()
    #expect(first.verifier.count == 43)
    #expect(first.verifier != second.verifier)
    #expect(!first.description.contains(first.verifier))
  }

  @Test("the authorization URL carries the client, redirect, scopes, state and S256 challenge")
  func authorizationURL() throws {
    let server = FakeAuthorizationServer()
    let request = try account(server).authorizationRequest(
      fapiURL: server.issuer, clientID: "client_1", scopes: ["openid", "email"],
      redirectURI: "http://127.0.0.1:5000/callback")
    let query = Dictionary(
      FormEncoding.decode(String(request.url.split(separator: "?")[1])),
      uniquingKeysWith: { a, _ in a })
    #expect(request.url.hasPrefix(server.issuer + "/oauth/authorize?"))
    #expect(query["response_type"] == "code")
    #expect(query["client_id"] == "client_1")
    #expect(query["redirect_uri"] == "http://127.0.0.1:5000/callback")
    #expect(query["scope"] == "openid email")
    #expect(query["state"] == request.state)
    #expect(query["code_challenge_method"] == "S256")
    #expect(query["code_challenge"] == PKCE.challenge(for: request.pkce.verifier))
    #expect(query["code_verifier"] == nil)
  }

  @Test("a sign-in stores an oauth profile bound to the issuer; its JSON reads back")
  func signInStores() throws {
    let server = FakeAuthorizationServer()
    let result = try signIn(server)
    #expect(result.refreshed)
    let stored = try #require(try account(server).store.load(profile: "app"))
    #expect(stored.kind == .oauth)
    #expect(stored.fapiURL == server.issuer)
    #expect(stored.userID == "user_1")
    #expect(stored.oauth?.refreshToken == "rt_2")
    #expect(stored.oauth?.idToken != nil)
    #expect(!stored.description.contains("rt_2"))
    let reread = try ProfileCredential(parsing: stored.jsonValue.encodedBytes, path: "x")
    #expect(reread == stored)
  }

  @Test("a foreign state, another issuer and an error answer are refused before any request")
  func callbackChecks() throws {
    let server = FakeAuthorizationServer()
    let account = account(server)
    let request = try account.authorizationRequest(
      fapiURL: server.issuer, clientID: "client_1", scopes: ["openid"],
      redirectURI: "http://127.0.0.1:5000/callback")
    let code = server.approve(request)
    #expect(throws: OAuthError.stateMismatch) {
      try account.completeLogin(
        request, callback: OAuthCallback(code: code, state: "forged"), clientSecret: nil)
    }
    #expect(throws: OAuthError.issuerMismatch(expected: server.issuer, found: "https://evil")) {
      try account.completeLogin(
        request,
        callback: OAuthCallback(code: code, state: request.state, issuer: "https://evil"),
        clientSecret: nil)
    }
    #expect(throws: OAuthError.authorizationDenied(error: "access_denied", description: nil)) {
      try account.completeLogin(
        request, callback: OAuthCallback(code: nil, error: "access_denied", state: request.state),
        clientSecret: nil)
    }
    #expect(server.tokenRequests == 0)
  }

  @Test("a wrong verifier and a code used twice are refused by the token endpoint")
  func codeChecks() throws {
    let server = FakeAuthorizationServer()
    let account = account(server)
    let request = try account.authorizationRequest(
      fapiURL: server.issuer, clientID: "client_1", scopes: ["openid"],
      redirectURI: "http://127.0.0.1:5000/callback")
    let code = server.approve(request)
    let other = OAuthAuthorizationRequest(
      fapiURL: request.fapiURL, endpoints: request.endpoints, clientID: request.clientID,
      redirectURI: request.redirectURI, scopes: request.scopes, resource: nil,
      state: request.state, pkce: PKCE(verifier: "not-the-verifier-not-the-verifier-000000000"))
    #expect(throws: OAuthError.self) { try account.exchange(other, code: code, clientSecret: nil) }
    let second = server.approve(request)
    _ = try account.exchange(request, code: second, clientSecret: nil)
    #expect(throws: OAuthError.self) {
      try account.exchange(request, code: second, clientSecret: nil)
    }
  }

  @Test("the cached token is reused; after expiry one refresh rotates the refresh token")
  func refreshRotates() throws {
    let server = FakeAuthorizationServer(accessLifetime: 60)
    _ = try signIn(server)
    let account = account(server)
    let cached = try account.token(minTTL: 10)
    #expect(!cached.refreshed)
    #expect(server.tokenRequests == 1)
    clock.advance(55)
    let refreshed = try account.token(minTTL: 10)
    #expect(refreshed.refreshed)
    #expect(refreshed.accessToken != cached.accessToken)
    #expect(server.tokenRequests == 2)
    let stored = try #require(try account.store.load(profile: "app")?.oauth)
    #expect(stored.refreshToken == "rt_3")
    #expect(stored.idToken == cached.oauth.idToken)  // kept when the refresh sends none
  }

  @Test("concurrent callers share one refresh")
  func singleFlight() async throws {
    let server = FakeAuthorizationServer(accessLifetime: 60, tokenDelay: 0.2)
    _ = try signIn(server)
    clock.advance(120)
    let account = account(server)
    let tokens = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<8 {
        group.addTask { try await onOwnThread { try account.token(minTTL: 10).accessToken } }
      }
      return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(tokens.count == 1)
    #expect(server.tokenRequests == 2)
  }

  @Test("a refused refresh token ends the grant; without rotation the old one is kept")
  func grantEnds() throws {
    let server = FakeAuthorizationServer(accessLifetime: 60, rotates: false)
    _ = try signIn(server)
    let account = account(server)
    clock.advance(120)
    _ = try account.token(minTTL: 10)
    #expect(try account.store.load(profile: "app")?.oauth?.refreshToken == "rt_2")
    let (revoked, error) = try account.logout()
    #expect(revoked && error == nil)
    #expect(server.revoked == ["rt_2"])
    #expect(try account.store.load(profile: "app") == nil)
    _ = try signIn(server)
    let store = account.store
    var credential = try #require(try store.load(profile: "app"))
    credential.oauth?.refreshToken = "rt_unknown"
    credential.oauth?.expiresAt = 0
    try store.save(credential)
    #expect {
      try account.token(minTTL: 10)
    } throws: { error in
      guard case OAuthError.grantEnded(profile: "app", clientID: "client_1", _) = error else {
        return false
      }
      return true
    }
  }

  @Test("metadata naming an endpoint on another origin is refused before anything is sent there")
  func endpointsOnOtherOrigin() throws {
    let server = FakeAuthorizationServer(tokenEndpoint: "https://collector.example/token")
    #expect(throws: OAuthError.self) {
      _ = try account(server).authorizationRequest(
        fapiURL: server.issuer, clientID: "c", scopes: [], redirectURI: "http://127.0.0.1/cb")
    }
    #expect(!server.requests.contains { $0.url.contains("collector") })
  }

  @Test("a profile bound to one issuer is not used for another (nothing sent)")
  func binding() throws {
    let server = FakeAuthorizationServer()
    _ = try signIn(server)
    var account = account(server)
    account.instance = try InstanceOverride(url: "https://other.clerk.test", source: "--fapi-url")
    let before = server.requests.count
    #expect(throws: InstanceError.self) { try account.token(minTTL: 10, forceRefresh: true) }
    #expect(server.requests.count == before)
  }
}
