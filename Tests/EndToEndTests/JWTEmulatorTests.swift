import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// `clerkctl jwt verify` against tokens the emulator issues, its keys found by discovery.
@Suite struct JWTEmulatorTests {
  @Test("a session token verifies by discovery from --issuer; --audience convex refuses it")
  func verifiesEmulatorTokens() throws {
    let sandbox = try CLIFixture(.binary)
    let emulator = sandbox.emulator
    defer { emulator.stop() }
    let account = ClerkAccount(
      profile: "default", store: InMemoryCredentialStore(), http: .curl(), clock: .system)
    let inputs = SignInInputs(
      password: { _ in "demo-password" },
      code: { _, _ in throw UnexpectedPrompt() },
      ticket: { throw UnexpectedPrompt() })
    _ = try account.signIn(
      method: .password(identifier: "demo@example.com"), inputs: inputs,
      fapiURL: emulator.fapiURL, timeout: 30)
    let session = try account.token(template: nil, minTTL: 10, forceRefresh: false).token.jwt

    let verified = try sandbox.run(["jwt", "verify", "--issuer", emulator.fapiURL, session])
    #expect(verified.status == 0, "\(verified.stderr)")
    let claims = try JSONValue(parsing: verified.stdout)
    #expect(claims["iss"]?.stringValue == emulator.fapiURL)
    #expect(claims["sid"]?.stringValue != nil)

    let refused = try sandbox.run(
      ["jwt", "verify", "--issuer", emulator.fapiURL, "--audience", "convex", session])
    #expect(refused.status == 9)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.contains("wrong audience: expected 'convex'"))

    let convex = try account.token(template: "convex", minTTL: 10, forceRefresh: false).token.jwt
    let accepted = try sandbox.run(
      ["jwt", "verify", "--issuer", emulator.fapiURL, "--audience", "convex", convex])
    #expect(accepted.status == 0, "\(accepted.stderr)")
  }

  private struct UnexpectedPrompt: Error {}
}
