import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

@Suite("ClerkOAuthTokenProvider: the library's OAuth client")
struct ClerkOAuthTokenProviderTests {
  let time = TestClock()

  func provider(_ server: FakeAuthorizationServer) -> ClerkOAuthTokenProvider {
    ClerkOAuthTokenProvider(
      minimumTokenTtl: 10, store: .inMemory(), http: server.http, clock: time.clock)
  }

  @Test("login through the injected authorize step, cached and refreshed tokens, logout")
  func lifecycle() async throws {
    let server = FakeAuthorizationServer(accessLifetime: 60)
    let oauth = provider(server)
    let shown = Lock<[String]>([])
    let first = try await oauth.login(
      frontendApiUrl: server.issuer, clientId: "client_1",
      redirectUri: "http://127.0.0.1:7777/callback"
    ) { url in
      shown.withLock { $0.append(url) }
      return try #require(server.consent(to: url))
    }
    #expect(shown.withLock { $0.count } == 1)
    #expect(first.clientId == "client_1")
    #expect(first.idToken != nil)
    #expect(!first.description.contains(first.accessToken))
    let cached = try await oauth.accessToken()
    #expect(cached.cached && cached.accessToken == first.accessToken)
    time.advance(55)
    let refreshed = try await oauth.accessToken()
    #expect(!refreshed.cached && refreshed.accessToken != first.accessToken)
    // As a BearerTokenProvider (what AuthenticatedRequestSender asks): the cached token while
    // it has the asked-for seconds left, a refreshed one when forced.
    let bearer: any BearerTokenProvider = oauth
    #expect(
      try await bearer.bearerToken(minimumTtl: 10, forceRefresh: false) == refreshed.accessToken)
    let forced = try await bearer.bearerToken(minimumTtl: 10, forceRefresh: true)
    #expect(forced != refreshed.accessToken)
    #expect(try await oauth.accessToken().accessToken == forced)
    #expect(try await oauth.userInfoJson().contains("ada@example.com"))
    #expect(try await oauth.logout())
    await #expect(throws: ClerkAuthError.noActiveSession) { try await oauth.accessToken() }
  }

  @Test("refreshed once it has less than minimumTokenTtl left; an unreachable issuer, then back")
  func refreshFailsThenRecovers() async throws {
    let server = FakeAuthorizationServer(accessLifetime: 60)
    let down = Lock(false)
    let http = HTTPClient { request in
      if down.withLock({ $0 }) {
        throw HTTPError(.connect, url: request.url, message: "could not connect")
      }
      return try server.http.send(request)
    }
    let oauth = ClerkOAuthTokenProvider(
      minimumTokenTtl: 10, store: .inMemory(), http: http, clock: time.clock)
    let first = try await oauth.login(
      frontendApiUrl: server.issuer, clientId: "client_1",
      redirectUri: "http://127.0.0.1:7777/callback"
    ) { url in try #require(server.consent(to: url)) }
    time.advance(49)
    #expect(try await oauth.accessToken().accessToken == first.accessToken, "11 s left: kept")
    time.advance(2)
    down.withLock { $0 = true }
    await #expect(throws: ClerkAuthError.unavailable) { try await oauth.accessToken() }
    down.withLock { $0 = false }
    let refreshed = try await oauth.accessToken()
    #expect(!refreshed.cached && refreshed.accessToken != first.accessToken, "9 s left: renewed")
    #expect(refreshed.expiresAt == time.now.addingTimeInterval(60))
    #expect(try await oauth.accessToken().accessToken == refreshed.accessToken)
  }

  @Test("a redirect with another state, or a denied consent, is refused; nothing is stored")
  func refusedRedirects() async throws {
    let server = FakeAuthorizationServer()
    let oauth = provider(server)
    await #expect(throws: ClerkAuthError.self) {
      try await oauth.login(
        frontendApiUrl: server.issuer, clientId: "client_1",
        redirectUri: "http://127.0.0.1:7777/callback"
      ) { url in
        let real = try #require(server.consent(to: url))
        return real.replacing(#/state=[^&]*/#, with: "state=forged")
      }
    }
    await #expect(throws: ClerkAuthError.self) {
      try await oauth.login(
        frontendApiUrl: server.issuer, clientId: "client_1",
        redirectUri: "http://127.0.0.1:7777/callback"
      ) { url in try #require(server.consent(to: url, error: "access_denied")) }
    }
    #expect(server.tokenRequests == 0)
    await #expect(throws: ClerkAuthError.noActiveSession) { try await oauth.accessToken() }
  }
}
