import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Foundation
import Testing

/// `ClerkAuthProvider`'s organizations against a real emulator: the docs/library.md example,
/// and what the credentials and tokens carry.
@Suite("Library: ClerkAuthProvider organizations")
struct ClerkAuthProviderOrganizationTests {
  @Test("the docs' organizations example lists, switches and clears the active organization")
  func example() async throws {
    // The seed: Acme, Globex and the convex-org template.
    let emulator = try await EmulatorProcess.start()
    let provider = ClerkAuthProvider(
      frontendApiUrl: emulator.fapiURL, jwtTemplate: "convex-org", store: .inMemory())
    let tokens = Recorder<String?>()
    let signedIn = try await provider.login(
      identifier: "demo@example.com", password: "demo-password")
    #expect(signedIn.organizationId == nil, "a new session starts with none")
    _ = try await provider.loginFromCache(onIdToken: { token in tokens.append(token) })

    // --- the example, verbatim ---
    // The user's organizations, the session's active one marked.
    let memberships = try await provider.organizationMemberships()
    for membership in memberships {
      print(membership.slug ?? "-", membership.name, membership.role, membership.isActive)
    }

    // Make Acme active (by slug or org_… id): the cached tokens are dropped, and the new token
    // (also handed to onIdToken and authState) carries the organization.
    let acme = try await provider.setActiveOrganization("acme")
    print(acme.organizationId ?? "none")

    // Back to the personal account.
    let personal = try await provider.setActiveOrganization(nil)
    // --- end of the example ---

    let acmeMembership = try #require(memberships.first { $0.slug == "acme" })
    #expect(acmeMembership.name == "Acme Inc" && acmeMembership.role == "org:admin")
    #expect(memberships.contains { $0.slug == "globex" && $0.role == "org:member" })
    #expect(memberships.allSatisfy { !$0.isActive })
    #expect(acme.organizationId == acmeMembership.organizationId)
    #expect(try JWT(acme.idToken).payload["org_id"]?.stringValue == acmeMembership.organizationId)
    #expect(personal.organizationId == nil)
    #expect(try JWT(personal.idToken).payload["org_id"] == .null)
    #expect(tokens.items.contains(acme.idToken), "onIdToken got the organization's token")

    // By id; the list then marks it; the cache serves it with its organization.
    let globexID = try #require(memberships.first { $0.slug == "globex" }?.organizationId)
    let globex = try await provider.setActiveOrganization(globexID)
    #expect(globex.organizationId == globexID)
    #expect(provider.currentAuthState == .authenticated(globex))
    #expect(
      try await provider.organizationMemberships().filter(\.isActive).map(\.slug) == ["globex"])
    let cached = try await provider.loginFromCache()
    #expect(cached.organizationId == globexID)
    #expect(try JWT(cached.idToken).payload["org_id"]?.stringValue == globexID)

    // Not a member: organizationNotFound listing the user's, the active one kept.
    do {
      _ = try await provider.setActiveOrganization("initech")
      Issue.record("a non-member was accepted")
    } catch let error as ClerkAuthError where error == .organizationNotFound {
      let reason = error.reason ?? ""
      #expect(reason.contains("acme (Acme Inc, org:admin)"))
      #expect(!reason.contains("clerkctl"), "the library names no CLI command")
    }
    #expect(try await provider.loginFromCache().organizationId == globexID)

    try await provider.logout()
    await #expect(throws: ClerkAuthError.noActiveSession) {
      try await provider.organizationMemberships()
    }
    await #expect(throws: ClerkAuthError.noActiveSession) {
      try await provider.setActiveOrganization("acme")
    }
  }

  @Test("the organizations example in docs/library.md is the code the test runs")
  func documentMatchesTest() async throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let document = try String(
      contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
    let section = try #require(document.components(separatedBy: "### Organizations").last)
    let block = try #require(
      section.components(separatedBy: "```swift\n").dropFirst().first?
        .components(separatedBy: "```").first)
    let trimmed = { (text: String) in
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    let example = trimmed(block)
    let body = trimmed(try String(contentsOf: here, encoding: .utf8))
    #expect(example.count > 5)
    let start = try #require(body.firstIndex(of: example[0]))
    #expect(Array(body[start..<min(body.count, start + example.count)]) == example)
  }
}
