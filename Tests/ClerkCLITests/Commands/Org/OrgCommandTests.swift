import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl org`, `whoami`'s organization and `doctor`'s organization check, run in process
/// against the emulator in memory (seed: demo@example.com is org:admin of Acme Inc `acme` and
/// org:member of Globex `globex`).
@Suite("clerkctl org, in process")
struct OrgCommandTests {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture.signedIn()
  }

  /// `org list --json`'s organizations, by slug.
  private func organizations() throws -> [String: JSONValue] {
    let result = try fixture.run(["org", "list", "--json"])
    try #require(result.status == 0, "\(result.stderr)")
    let json = try JSONValue(parsing: result.stdout)
    #expect(json["schema_version"] == 1)
    #expect(json["profile"]?.stringValue == "default")
    var bySlug: [String: JSONValue] = [:]
    for item in try #require(json["organizations"]?.arrayValue) {
      bySlug[item["slug"]?.stringValue ?? ""] = item
    }
    return bySlug
  }

  private func id(_ slug: String) throws -> String {
    try #require(try organizations()[slug]?["id"]?.stringValue)
  }

  @Test("org list: every membership with id, slug, name and role; none active after login")
  func list() throws {
    let organizations = try organizations()
    #expect(Set(organizations.keys) == ["acme", "globex"])
    let acme = try #require(organizations["acme"])
    #expect(acme["name"]?.stringValue == "Acme Inc")
    #expect(acme["role"]?.stringValue == "org:admin")
    #expect(acme["id"]?.stringValue?.hasPrefix("org_") == true)
    #expect(acme["active"] == false)
    #expect(organizations["globex"]?["role"]?.stringValue == "org:member")
    #expect(try fixture.credential()["active_organization_id"] == .null, "Clerk said: none")
    #expect(
      try fixture.requests().contains {
        $0.method == "GET" && $0.path == "/v1/me/organization_memberships"
      })

    let text = try fixture.run(["org", "list"])
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines.contains { $0.contains("acme") && $0.contains("Acme Inc") && $0.contains("org:admin") })
    #expect(lines.allSatisfy { !$0.hasPrefix("*") })
    #expect(text.stderr.contains("clerkctl org use"))
  }

  @Test("org use by slug: active at Clerk, marked, in whoami and in the tokens; cache dropped")
  func useBySlug() throws {
    let acmeID = try id("acme")
    let before = try fixture.run(["token", "--template", "convex"])
    #expect(before.status == 0)
    #expect(try fixture.credential()["tokens"]?.objectValue?.isEmpty == false)

    let use = try fixture.run(["org", "use", "acme"])
    #expect(use.status == 0, "\(use.stderr)")
    #expect(use.stdout.isEmpty)
    #expect(use.stderr.contains("Acme Inc"))
    let credential = try fixture.credential()
    #expect(credential["active_organization_id"]?.stringValue == acmeID)
    #expect(credential["tokens"]?.objectValue?.isEmpty == true, "cached tokens dropped")
    #expect(
      try fixture.requests().contains {
        $0.method == "POST" && $0.path.hasSuffix("/touch") && $0.status == 200
      })

    #expect(try organizations()["acme"]?["active"] == true)
    #expect(try organizations()["globex"]?["active"] == false)
    let text = try fixture.run(["org", "list"])
    #expect(
      text.stdout.split(separator: "\n").contains { $0.hasPrefix("*") && $0.contains("acme") })

    let template = try fixture.run(["token", "--template", "convex-org"])
    #expect(template.status == 0, "\(template.stderr)")
    let templateClaims = try claims(of: template.stdout)
    #expect(templateClaims["org_id"]?.stringValue == acmeID)
    #expect(templateClaims["org_role"]?.stringValue == "org:admin")
    let session = try claims(of: try fixture.run(["token", "--force-refresh"]).stdout)
    #expect(session["o"]?["id"]?.stringValue == acmeID)
    #expect(session["o"]?["slg"]?.stringValue == "acme")

    try fixture.admin.clearRequests()
    let whoami = try JSONValue(parsing: try fixture.run(["whoami", "--json"]).stdout)
    #expect(
      whoami["organization"]
        == ["id": .string(acmeID), "slug": "acme", "name": "Acme Inc", "role": "org:admin"])
    // One request: the session's user lists the memberships, so none is asked for again.
    #expect(try fixture.admin.requests().map(\.path) == ["/v1/client"])
    #expect(try fixture.run(["whoami"]).stdout.contains("org:      Acme Inc (acme, org:admin"))
    let offline = try JSONValue(parsing: try fixture.run(["whoami", "--offline", "--json"]).stdout)
    #expect(offline["organization"]?["id"]?.stringValue == acmeID)
  }

  @Test("org use by id, then --personal: none active, tokens without the organization")
  func useByIDThenPersonal() throws {
    let globexID = try id("globex")
    let use = try fixture.run(["org", "use", globexID, "--json"])
    #expect(use.status == 0, "\(use.stderr)")
    let json = try JSONValue(parsing: use.stdout)
    #expect(json["organization"]?["slug"]?.stringValue == "globex")
    #expect(json["organization"]?["role"]?.stringValue == "org:member")
    #expect(
      try claims(of: try fixture.run(["token", "--template", "convex-org"]).stdout)["org_id"]?
        .stringValue == globexID)

    _ = try fixture.run(["token"])
    let personal = try fixture.run(["org", "use", "--personal", "--json"])
    #expect(personal.status == 0, "\(personal.stderr)")
    #expect(try JSONValue(parsing: personal.stdout)["organization"] == .null)
    #expect(try fixture.credential()["active_organization_id"] == .null)
    #expect(try fixture.credential()["tokens"]?.objectValue?.isEmpty == true)
    let session = try claims(of: try fixture.run(["token"]).stdout)
    #expect(session["o"] == nil)
    #expect(
      try claims(of: try fixture.run(["token", "--template", "convex-org"]).stdout)["org_id"]
        == .null)
    #expect(try organizations().values.allSatisfy { $0["active"] == false })
    let whoami = try JSONValue(parsing: try fixture.run(["whoami", "--json"]).stdout)
    #expect(whoami["organization"] == .null)
  }

  @Test("a non-member or unknown organization is exit 6 listing the memberships")
  func nonMember() throws {
    _ = try fixture.run(["org", "use", "acme"])
    for reference in ["initech", "org_does_not_exist"] {
      let result = try fixture.run(["org", "use", reference])
      #expect(result.status == 6, "\(reference): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("clerkctl: '\(reference)' is not an organization"))
      #expect(result.stderr.contains("acme (Acme Inc, org:admin)"))
      #expect(result.stderr.contains("globex (Globex, org:member)"))
      #expect(
        result.stderr.contains("run 'clerkctl org use acme'")
          || result.stderr.contains("run 'clerkctl org use globex'"))
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    #expect(try organizations()["acme"]?["active"] == true, "the active one stays")
  }

  @Test("org: usage errors are exit 2; not signed in is exit 4; another instance is exit 3")
  func refusals() throws {
    #expect(try fixture.run(["org", "use"]).status == 2)
    #expect(try fixture.run(["org", "use", "acme", "--personal"]).status == 2)
    #expect(try fixture.run(["org", "use", ""]).status == 2)

    for arguments in [["org", "list"], ["org", "use", "acme"], ["org", "use", "--personal"]] {
      let other = try fixture.run(arguments + ["--profile", "nobody"])
      #expect(other.status == 4, "\(arguments)")
      #expect(other.stderr.contains("clerkctl login --profile nobody"))
    }

    try fixture.clearRequests()
    let elsewhere = try fixture.run(
      ["org", "use", "acme"], extra: ["CLERK_FAPI_URL": "http://127.0.0.1:1"])
    #expect(elsewhere.status == 3, "\(elsewhere.stderr)")
    #expect(try fixture.requests().isEmpty, "nothing sent anywhere")

    try fixture.admin.revoke(
      sessionID: try #require(fixture.credential()["session_id"]?.stringValue))
    #expect(try fixture.run(["org", "list"]).status == 4)
    #expect(try fixture.run(["org", "use", "acme"]).status == 4)
  }

  @Test("doctor --template convex-org: the org claims fail with 'org use' until one is active")
  func doctorOrganization() throws {
    let none = try fixture.run(["doctor", "--template", "convex-org"])
    #expect(none.status == 9, "\(none.stdout)")
    let line = try #require(
      none.stdout.split(separator: "\n").first { $0.hasPrefix("✗ organization:") })
    #expect(line.contains("org_id"))
    #expect(line.contains("fix: choose one with 'clerkctl org use SLUG'"))

    _ = try fixture.run(["org", "use", "acme"])
    let active = try fixture.run(["doctor", "--template", "convex-org", "--json"])
    #expect(active.status == 0, "\(active.stdout)")
    let checks = try #require(try JSONValue(parsing: active.stdout)["checks"]?.arrayValue)
    let organization = try #require(checks.first { $0["check"] == "organization" })
    #expect(organization["ok"] == true)

    // The plain convex template promises nothing about organizations: no failure.
    #expect(try fixture.run(["doctor"]).status == 0)
  }
}
