import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

/// The Convex deployment a profile has used is remembered: a different one named by
/// `CONVEX_URL` (a `.env` line) is refused before any token is minted or sent, unless `--url`
/// names it; a 401 from a deployment the profile has not used costs no fresh token.
@Suite("Convex deployment per profile, through the binary", .tags(.security))
struct ConvexDeploymentBindingEndToEndTests {
  static let unauthenticated = ScriptedHTTPResponder.response(
    status: 401, headers: [("Content-Type", "application/json")],
    body: Array(#"{"code":"Unauthenticated","message":"Could not verify OIDC token claim."}"#.utf8))

  @Test("another CONVEX_URL after the profile used one: exit 3, nothing sent there")
  func otherDeploymentFromEnvironmentRefused() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let first = try await env.run(
      ["convex", "query", "users:whoami"], extra: ["CONVEX_URL": env.emulator.convexURL])
    #expect(first.status == 0, "\(first.stderr)")
    let attacker = try ScriptedHTTPResponder { _ in Self.unauthenticated }
    defer { attacker.stop() }
    let refused = try await env.run(
      ["convex", "query", "users:whoami"], extra: ["CONVEX_URL": attacker.url("")])
    #expect(refused.status == 3, "\(refused.stderr)")
    #expect(refused.stderr.contains("CONVEX_URL"), "\(refused.stderr)")
    #expect(refused.stderr.contains("--url"), "\(refused.stderr)")
    #expect(attacker.connectionCount == 0, "\(attacker.requests.count) requests reached it")
    // The remembered one still works from the environment.
    let again = try await env.run(
      ["convex", "query", "users:whoami"], extra: ["CONVEX_URL": env.emulator.convexURL + "/"])
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test("a 401 from a deployment the profile never used is not retried with a fresh token")
  func noFreshTokenForStranger() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let stranger = try ScriptedHTTPResponder { _ in Self.unauthenticated }
    defer { stranger.stop() }
    let result = try await env.run(["convex", "query", "users:whoami", "--url", stranger.url("")])
    #expect(result.status != 0)
    #expect(stranger.requests.count == 1, "\(stranger.requests.count) tokens sent")
  }
}
