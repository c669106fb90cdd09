import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

/// `ClerkAuthProvider`'s API keys and impersonated sign-in against a real emulator, and an API
/// key as the credential `AuthenticatedRequestSender` sends.
@Suite("Library: API keys and impersonation")
struct ClerkAuthProviderAPIKeyTests {
  @Test("a signed-in user creates, lists and revokes keys; a provider holding one sends it as is")
  func apiKeys() async throws {
    let emulator = try await EmulatorProcess.start()
    let provider = ClerkAuthProvider(frontendApiUrl: emulator.fapiURL, store: .inMemory())
    _ = try await provider.login(identifier: "demo@example.com", password: "demo-password")
    let key = try await provider.createApiKey(name: "library key", expiresIn: 3600)
    let secret = try #require(key.secret)
    #expect(secret.hasPrefix("ak_") && key.subject.hasPrefix("user_"))
    #expect(key.expiresAt != nil)
    let listed = try await provider.apiKeys()
    #expect(listed.map(\.id) == [key.id])
    #expect(listed.allSatisfy { $0.secret == nil })

    let backend = try RecordingBackend { _, _ in HTTPResponse(status: 200) }
    let ci = ClerkAuthProvider(frontendApiUrl: emulator.fapiURL, store: .inMemory())
    try await ci.useApiKey(secret)
    let sender = AuthenticatedRequestSender(provider: ci)
    let response = try await sender.send(.init(method: "GET", url: backend.url + "/me"))
    #expect(response.status == 200)
    #expect(backend.bearerTokens == [secret])

    try await provider.revokeApiKey(id: key.id, reason: "done")
    #expect(try await provider.apiKeys().first?.isRevoked == true)
    await emulator.stop()
  }

  @Test("an impersonated sign-in's tokens carry act")
  func impersonation() async throws {
    let emulator = try await EmulatorProcess.start()
    let users = try await HTTPClient.curl().awaitedSend(
      HTTPRequest(
        method: "GET", url: emulator.apiURL + "/v1/users?limit=1",
        headers: ["Authorization": "Bearer " + emulator.secretKey]))
    let userID = try #require(
      try JSONValue(parsing: users.body).arrayValue?.first?["id"]?.stringValue)
    let provider = ClerkAuthProvider(
      frontendApiUrl: emulator.fapiURL, jwtTemplate: nil, store: .inMemory())
    let credentials = try await provider.loginImpersonating(
      userId: userID, actor: "support_bob", secretKey: emulator.secretKey,
      backendApiUrl: emulator.apiURL)
    #expect(credentials.userId == userID)
    #expect(try JWT(credentials.idToken).payload["act"]?["sub"] == "support_bob")
    await emulator.stop()
  }
}
