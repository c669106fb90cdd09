import ClerkTestSupport
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlJOSE
import ClerkctlKit
import Foundation
import Testing

/// `ClerkAuthProvider.idTokens` and the `onIdToken` renewal against an emulator whose tokens
/// live 5 seconds.
@Suite("Library: fresh tokens for as long as the app runs")
struct TokenStreamTests {
  @Test(
    "idTokens and onIdToken hand out valid tokens across lifetimes, sharing mints, until logout")
  func streamAndCallback() async throws {
    let emulator = try await EmulatorProcess.start()
    let admin = EmulatorAdmin(emulator)
    try await admin.setTokenLifetime(template: "convex", seconds: RefreshFixture.lifetime)
    let keys = try await HTTPClient.curl().awaitedSend(
      HTTPRequest(method: "GET", url: emulator.jwksURL))
    let verifier = JWTVerifier(keys: try JWKS(bytes: keys.body))
    @Sendable func expectValid(_ jwt: String, at time: Double) {
      let options = JWTVerifier.Options(
        leeway: 1, issuer: emulator.fapiURL, audience: "convex",
        now: Date(timeIntervalSince1970: time))
      #expect(throws: Never.self) { try verifier.verify(jwt, options: options) }
    }

    let provider = ClerkAuthProvider(
      frontendApiUrl: emulator.fapiURL, jwtTemplate: "convex", minimumTokenTtl: 1,
      store: .inMemory())
    _ = try await provider.login(identifier: "demo@example.com", password: "demo-password")
    try await admin.clearRequests()
    let started = RefreshFixture.now
    let callbacks = Recorder<String?>()
    let current = try await provider.loginFromCache(onIdToken: { token in
      if let token { expectValid(token, at: RefreshFixture.now) }
      callbacks.append(token)
    })
    expectValid(current.idToken, at: RefreshFixture.now)

    var streamed: [String] = []
    for await jwt in provider.idTokens {
      expectValid(jwt, at: RefreshFixture.now)
      streamed.append(jwt)
      if RefreshFixture.now - started > 9 { break }
    }
    let elapsed = RefreshFixture.now - started
    #expect(Set(streamed).count == streamed.count, "each token once")
    #expect(streamed.count >= 3)
    let delivered = callbacks.items.compactMap { $0 }
    #expect(delivered.count >= 2, "onIdToken got fresh tokens without being asked")
    #expect(Set(delivered).count == delivered.count, "each token once")

    // The stream and the onIdToken renewal share each mint through the store's cache.
    let mints = try await admin.requests(containing: "/tokens/convex").count
    #expect(mints <= RefreshFixture.mintBound(seconds: elapsed, minTTL: 1), "\(mints) mints")

    try await provider.logout()
    #expect(callbacks.items.last == .some(nil))
    var afterLogout = 0
    for await _ in provider.idTokens { afterLogout += 1 }
    #expect(afterLogout == 0, "no tokens after logout: the stream just ends")
  }
}
