import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

@Suite("Configuration file: organizations and memberships")
struct OrganizationConfigurationTests {
  @Test("the seed has Acme (demo is org:admin), Globex (org:member) and the convex-org template")
  func seed() {
    let seed = EmulatorConfiguration.seed
    #expect(seed.organizations.map(\.slug) == ["acme", "globex"])
    #expect(seed.organizations.map(\.name) == ["Acme Inc", "Globex"])
    #expect(
      seed.memberships == [
        .init(organization: "acme", user: "demo@example.com", role: "org:admin"),
        .init(organization: "globex", user: "demo@example.com", role: "org:member"),
      ])
    let template = seed.templates.first { $0.name == "convex-org" }
    #expect(
      template?.claims == [
        "aud": "convex", "sub": "{{user.id}}", "org_id": "{{org.id}}",
        "org_role": "{{org.role}}",
      ])
    #expect(template?.lifetime == 60)
  }

  @Test("organizations and memberships from a file, with a custom role, take effect")
  func parses() throws {
    let text = """
      {"users":[{"email":"a@b.co","password":"pw-123456","username":"ada"},
                {"email":"c@d.co","password":"pw-123456"}],
       "organizations":[{"name":"Wayne","slug":"wayne","public_metadata":{"city":"Gotham"},
                         "max_allowed_memberships":0},
                        {"name":"Stark","slug":"stark"}],
       "memberships":[{"organization":"wayne","user":"ada","role":"org:billing_manager"},
                      {"organization":"stark","user":"C@D.co","role":"org:member"}],
       "templates":[{"name":"t","claims":{"o":"{{org.slug}}","r":"{{org.role}}"}}]}
      """
    let configuration = try EmulatorConfiguration(json: Array(text.utf8))
    #expect(configuration.organizations.count == 2)
    #expect(configuration.organizations.first?.publicMetadata == ["city": "Gotham"])
    #expect(configuration.organizations.first?.maxAllowedMemberships == 0)
    #expect(configuration.organizations.last?.maxAllowedMemberships == 5)
    #expect(configuration.memberships.count == 2)

    let harness = try EmulatorHarness(configuration: configuration)
    let (token, session) = try harness.signIn("a@b.co", password: "pw-123456")
    let list = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/me/organization_memberships", token: token))
    let membership = try #require(list["response"]?.arrayValue?.first)
    #expect(list["response"]?.arrayValue?.count == 1)
    #expect(membership["role"] == "org:billing_manager")
    #expect(membership["role_name"] == "Billing manager")
    #expect(membership["permissions"] == [])
    #expect(membership["organization"]?["public_metadata"] == ["city": "Gotham"])
    #expect(
      harness.fapi(
        "POST", "/v1/client/sessions/\(session)/touch", form: [("active_organization_id", "wayne")],
        token: token
      ).status == 200)
    let claims = try harness.mint(session, token: token, template: "t").payload
    #expect(claims["o"] == "wayne")
    #expect(claims["r"] == "org:billing_manager")
    #expect(try harness.mint(session, token: token).payload["o"]?["rol"] == "billing_manager")
    // A role used in the file is one of the instance's roles for the Backend API too.
    let users = try EmulatorHarness.json(harness.bapi("GET", "/v1/users?email_address=c@d.co"))
    let other = try #require(users.arrayValue?.first?["id"]?.stringValue)
    let stark = try #require(
      try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations?query=stark"))["data"]?
        .arrayValue?.first?["id"]?.stringValue)
    #expect(
      harness.bapi(
        "POST", "/v1/organizations/\(stark)/memberships",
        json: ["user_id": .string(other), "role": "org:billing_manager"]
      ).status == 400)
    #expect(try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations"))["total_count"] == 2)
  }

  @Test("a file without organizations has none")
  func noneByDefault() throws {
    let configuration = try EmulatorConfiguration(
      json: Array(#"{"users":[{"email":"a@b.co","password":"pw-123456"}]}"#.utf8))
    #expect(configuration.organizations.isEmpty)
    #expect(configuration.memberships.isEmpty)
    let harness = try EmulatorHarness(configuration: configuration)
    let (token, _) = try harness.signIn("a@b.co", password: "pw-123456")
    let list = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/me/organization_memberships?paginated=true", token: token))
    #expect(list["response"] == ["data": [], "total_count": 0])
  }

  @Test(
    "bad organizations and memberships are refused with a message naming the field",
    arguments: [
      (#"{"organizations":[{"slug":"a"}]}"#, "organizations[0].name"),
      (#"{"organizations":[{"name":"A"}]}"#, "organizations[0].slug"),
      (#"{"organizations":[{"name":"A","slug":"Has Space"}]}"#, "organizations[0].slug"),
      (
        #"{"organizations":[{"name":"A","slug":"a"},{"name":"B","slug":"a"}]}"#,
        "organizations[1].slug a is used twice"
      ),
      (#"{"organizations":[{"name":"A","slug":"a","public_metadata":1}]}"#, "public_metadata"),
      (
        #"{"organizations":[{"name":"A","slug":"a","max_allowed_memberships":-1}]}"#,
        "max_allowed_memberships"
      ),
      (#"{"organizations":{}}"#, "organizations must be an array of objects"),
      (
        #"{"users":[{"email":"a@b.co"}],"memberships":[{"organization":"x","user":"a@b.co","role":"org:member"}]}"#,
        "memberships[0].organization"
      ),
      (
        #"{"organizations":[{"name":"A","slug":"a"}],"memberships":[{"organization":"a","user":"z@b.co","role":"org:member"}]}"#,
        "memberships[0].user"
      ),
      (
        #"{"users":[{"email":"a@b.co"}],"organizations":[{"name":"A","slug":"a"}],"memberships":[{"organization":"a","user":"a@b.co","role":"admin"}]}"#,
        "memberships[0].role"
      ),
      (
        #"{"users":[{"email":"a@b.co"}],"organizations":[{"name":"A","slug":"a"}],"memberships":[{"organization":"a","user":"a@b.co","role":"org:admin"},{"organization":"a","user":"a@b.co","role":"org:member"}]}"#,
        "memberships[1]: a@b.co is already a member of a"
      ),
    ])
  func refuses(text: String, fragment: String) {
    do {
      _ = try EmulatorConfiguration(json: Array(text.utf8))
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.contains(fragment), "\(error.description)")
    }
  }
}
