import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlKit
import Foundation
import Testing

/// `clerkctl jwt verify` against tokens the emulator issues, its keys found by discovery.
@Suite struct JWTEmulatorTests {
  @Test("a session token verifies by discovery from --issuer; --audience convex refuses it")
  func verifiesEmulatorTokens() async throws {
    let sandbox = try await CLIFixture(.binary)
    let emulator = sandbox.emulator
    let account = ClerkAccount(
      profile: "default", store: InMemoryCredentialStore(), http: .curl(), clock: .system)
    let fapiURL = emulator.fapiURL
    let session = try await onOwnThread {
      let inputs = SignInInputs(
        password: { _ in "demo-password" },
        code: { _, _ in throw UnexpectedPrompt() },
        ticket: { throw UnexpectedPrompt() })
      _ = try account.signIn(
        method: .password(identifier: "demo@example.com"), inputs: inputs, fapiURL: fapiURL,
        timeout: 30)
      return try account.token(template: nil, minTTL: 10, forceRefresh: false).token.jwt
    }

    let verified = try await sandbox.run(["jwt", "verify", "--issuer", emulator.fapiURL, session])
    #expect(verified.status == 0, "\(verified.stderr)")
    let claims = try JSONValue(parsing: verified.stdout)
    #expect(claims["iss"]?.stringValue == emulator.fapiURL)
    #expect(claims["sid"]?.stringValue != nil)

    let refused = try await sandbox.run(
      ["jwt", "verify", "--issuer", emulator.fapiURL, "--audience", "convex", session])
    #expect(refused.status == 9)
    #expect(refused.stdout.isEmpty)
    #expect(refused.stderr.contains("wrong audience: expected 'convex'"))

    let convex = try account.token(template: "convex", minTTL: 10, forceRefresh: false).token.jwt
    let accepted = try await sandbox.run(
      ["jwt", "verify", "--issuer", emulator.fapiURL, "--audience", "convex", convex])
    #expect(accepted.status == 0, "\(accepted.stderr)")
  }

  private struct UnexpectedPrompt: Error {}
}
