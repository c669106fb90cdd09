import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Issue #17's "done when", through the built binary against a `clerk-emulator` child over
/// loopback: `clerkctl org use acme && clerkctl token --template convex-org` prints a token whose
/// `org_id` is Acme's, and a Convex function reads the organization from the identity.
@Suite("clerkctl org, end to end")
struct OrganizationEndToEndTests {
  /// Runs the built `clerkctl` without holding a cooperative thread.
  private func run(
    _ fixture: CLIFixture, _ arguments: [String], stdin: String? = nil
  ) async throws -> ProcessResult {
    try await ProcessRun.run(
      BuiltProducts.path("clerkctl"), arguments, environment: fixture.environment, stdin: stdin)
  }

  @Test("org use acme && token --template convex-org carries Acme; convex users:whoami sees it")
  func useThenToken() async throws {
    let fixture = try await CLIFixture(.binary)
    let login = try await run(
      fixture, ["login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n")
    try #require(login.status == 0, "\(login.stderr)")

    let list = try await run(fixture, ["org", "list", "--json"])
    try #require(list.status == 0, "\(list.stderr)")
    let organizations = try #require(
      try JSONValue(parsing: list.stdout)["organizations"]?.arrayValue)
    let acme = try #require(organizations.first { $0["slug"] == "acme" })
    let acmeID = try #require(acme["id"]?.stringValue)
    #expect(acme["role"] == "org:admin" && acme["active"] == false)

    let use = try await run(fixture, ["org", "use", "acme"])
    #expect(use.status == 0, "\(use.stderr)")
    let token = try await run(fixture, ["token", "--template", "convex-org"])
    #expect(token.status == 0, "\(token.stderr)")
    let claims = try claims(of: token.stdout)
    #expect(claims["org_id"]?.stringValue == acmeID)
    #expect(claims["org_role"]?.stringValue == "org:admin")
    #expect(claims["aud"] == "convex")

    let convex = try await run(
      fixture,
      [
        "convex", "query", "users:whoami", "--template", "convex-org", "--url",
        fixture.emulator.convexURL,
      ])
    #expect(convex.status == 0, "\(convex.stderr)")
    #expect(convex.stdout.contains(acmeID), "\(convex.stdout)")

    let whoami = try await run(fixture, ["whoami", "--json"])
    #expect(try JSONValue(parsing: whoami.stdout)["organization"]?["slug"] == "acme")
    // The session token carries Clerk's o claim; doctor finds the template's org claims set.
    let session = try await run(fixture, ["token"])
    #expect(try ClerkTestSupport.claims(of: session.stdout)["o"]?["slg"] == "acme")
    let healthy = try await run(fixture, ["doctor", "--template", "convex-org"])
    #expect(healthy.status == 0, "\(healthy.stdout)\(healthy.stderr)")
    #expect(healthy.stdout.contains("✓ organization: org_id, org_role carry"), "\(healthy.stdout)")

    // Not a member: exit 6, the memberships listed, the active organization kept.
    let refused = try await run(fixture, ["org", "use", "initech"])
    #expect(refused.status == 6)
    #expect(refused.stderr.contains("acme (Acme Inc, org:admin)"))
    let again = try await run(fixture, ["token", "--template", "convex-org"])
    #expect(try ClerkTestSupport.claims(of: again.stdout)["org_id"]?.stringValue == acmeID)

    let personal = try await run(fixture, ["org", "use", "--personal"])
    #expect(personal.status == 0, "\(personal.stderr)")
    let none = try await run(fixture, ["token", "--template", "convex-org"])
    #expect(try ClerkTestSupport.claims(of: none.stdout)["org_id"] == .null)
    // Without an organization the template's org claims are null: doctor says so, exit 9.
    let unhealthy = try await run(fixture, ["doctor", "--template", "convex-org"])
    #expect(unhealthy.status == 9, "\(unhealthy.stdout)")
    #expect(unhealthy.stdout.contains("✗ organization:"), "\(unhealthy.stdout)")
    #expect(unhealthy.stdout.contains("clerkctl org use SLUG"), "\(unhealthy.stdout)")
  }
}
