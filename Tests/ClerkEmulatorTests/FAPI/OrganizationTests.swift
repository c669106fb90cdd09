import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

@Suite("FAPI organizations: memberships, the active organization and its claims")
struct OrganizationTests {
  /// The signed-in demo user's client token and session, and the seeded organizations' ids.
  private struct Signed {
    let harness: EmulatorHarness
    let token: String
    let session: String
    let acme: String
    let globex: String
  }

  private func signedIn() throws -> Signed {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let list = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/me/organization_memberships", token: token))
    let items = try #require(list["response"]?.arrayValue)
    func id(_ slug: String) throws -> String {
      try #require(
        items.first { $0["organization"]?["slug"]?.stringValue == slug }?["organization"]?["id"]?
          .stringValue)
    }
    return Signed(
      harness: harness, token: token, session: session, acme: try id("acme"),
      globex: try id("globex"))
  }

  private func touch(_ signed: Signed, _ organization: String?) -> HTTPResponse {
    signed.harness.fapi(
      "POST", "/v1/client/sessions/\(signed.session)/touch",
      form: organization.map { [("active_organization_id", $0)] } ?? [], token: signed.token)
  }

  /// Mints with an optional `organization_id` form field; returns the response.
  private func mint(
    _ signed: Signed, template: String? = nil, organization: String?
  ) -> HTTPResponse {
    signed.harness.fapi(
      "POST",
      "/v1/client/sessions/\(signed.session)/tokens" + (template.map { "/" + $0 } ?? ""),
      form: organization.map { [("organization_id", $0)] } ?? [], token: signed.token)
  }

  private func claims(_ response: HTTPResponse) throws -> JSONValue {
    #expect(response.status == 200)
    let jwt = try #require(try EmulatorHarness.json(response)["jwt"]?.stringValue)
    return try JWT(jwt).payload
  }

  /// The session's `last_active_organization_id` as `GET /v1/client/sessions/{id}` reports it.
  private func activeOrganization(_ signed: Signed) throws -> JSONValue? {
    let body = try EmulatorHarness.json(
      signed.harness.fapi("GET", "/v1/client/sessions/\(signed.session)", token: signed.token))
    return body["response"]?["last_active_organization_id"]
  }

  @Test("the seed's memberships: Acme as org:admin, Globex as org:member, in Clerk's shape")
  func seededMemberships() throws {
    let signed = try signedIn()
    let body = try EmulatorHarness.json(
      signed.harness.fapi("GET", "/v1/me/organization_memberships", token: signed.token))
    let items = try #require(body["response"]?.arrayValue)
    #expect(items.count == 2)
    let acme = try #require(items.first { $0["organization"]?["slug"] == "acme" })
    #expect(acme["object"] == "organization_membership")
    #expect(acme["id"]?.stringValue?.hasPrefix("orgmem_") == true)
    #expect(acme["role"] == "org:admin")
    #expect(acme["role_name"] == "Admin")
    #expect(acme["organization"]?["object"] == "organization")
    #expect(acme["organization"]?["name"] == "Acme Inc")
    #expect(acme["organization"]?["id"]?.stringValue?.hasPrefix("org_") == true)
    #expect(acme["organization"]?["members_count"] == 1)
    #expect(acme["public_user_data"]?["identifier"] == "demo@example.com")
    let globex = try #require(items.first { $0["organization"]?["slug"] == "globex" })
    #expect(globex["role"] == "org:member")
    #expect(globex["organization"]?["name"] == "Globex")
    // The user object lists the same memberships; another user has none.
    let me = try EmulatorHarness.json(signed.harness.fapi("GET", "/v1/me", token: signed.token))
    #expect(
      Set(me["response"]?["organization_memberships"]?.arrayValue?.compactMap { $0["id"] } ?? [])
        == Set(items.compactMap { $0["id"] }))
    let harness = signed.harness
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo+clerk_test@example.com"), ("strategy", "email_code")])
    let token = try #require(created.headers["Authorization"])
    let id = try #require(try EmulatorHarness.json(created)["response"]?["id"]?.stringValue)
    #expect(
      harness.fapi(
        "POST", "/v1/client/sign_ins/\(id)/prepare_first_factor",
        form: [("strategy", "email_code")], token: token
      ).status == 200)
    let done = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", "424242")], token: token)
    #expect(done.status == 200)
    let rotated = try #require(done.headers["Authorization"])
    let none = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/me/organization_memberships", token: rotated))
    #expect(none["response"] == [])
  }

  @Test("paginated=true is {data,total_count}; limit and offset page; bad values are 422")
  func pagination() throws {
    let signed = try signedIn()
    let path = "/v1/me/organization_memberships"
    let page = try EmulatorHarness.json(
      signed.harness.fapi("GET", path + "?paginated=true&limit=1&offset=1", token: signed.token))
    #expect(page["response"]?["total_count"] == 2)
    #expect(page["response"]?["data"]?.arrayValue?.count == 1)
    let all = try EmulatorHarness.json(signed.harness.fapi("GET", path, token: signed.token))
    #expect(page["response"]?["data"]?.arrayValue?.first == all["response"]?.arrayValue?.last)
    let bare = try EmulatorHarness.json(
      signed.harness.fapi("GET", path + "?limit=1", token: signed.token))
    #expect(bare["response"]?.arrayValue?.count == 1)
    for query in ["limit=0", "limit=501", "offset=-1", "limit=x"] {
      let refused = signed.harness.fapi("GET", path + "?" + query, token: signed.token)
      #expect(refused.status == 422, "\(query)")
      #expect(EmulatorHarness.errorCode(refused) == "form_param_value_invalid", "\(query)")
    }
    // Without a client token: 401, as /v1/me.
    #expect(signed.harness.fapi("GET", path).status == 401)
  }

  @Test("touch: a member's organization by id or slug becomes active, empty clears, absent keeps")
  func touchSwitches() throws {
    let signed = try signedIn()
    // A new session starts with no active organization.
    #expect(try activeOrganization(signed) == .null)
    let set = try EmulatorHarness.json(touch(signed, signed.acme))
    #expect(set["response"]?["last_active_organization_id"]?.stringValue == signed.acme)
    #expect(
      set["client"]?["sessions"]?.arrayValue?.first?["last_active_organization_id"]?.stringValue
        == signed.acme)
    #expect(
      try EmulatorHarness.json(touch(signed, "globex"))["response"]?[
        "last_active_organization_id"]?.stringValue == signed.globex)
    #expect(touch(signed, nil).status == 200)
    #expect(try activeOrganization(signed)?.stringValue == signed.globex)
    #expect(
      try EmulatorHarness.json(touch(signed, ""))["response"]?["last_active_organization_id"]
        == .null)
    #expect(try activeOrganization(signed) == .null)
  }

  @Test(
    "touch and tokens refuse an unknown organization or one the user is not in: 404, unchanged",
    arguments: ["org_nope", "initech", "stranger"])
  func refusesNonMember(organization: String) throws {
    let signed = try signedIn()
    let created = try EmulatorHarness.json(
      signed.harness.bapi(
        "POST", "/v1/organizations", json: ["name": "Initech", "slug": "initech"]))
    let initech = try #require(created["id"]?.stringValue)
    let target = organization == "stranger" ? initech : organization
    #expect(touch(signed, signed.acme).status == 200)
    for response in [
      touch(signed, target), mint(signed, organization: target),
      mint(signed, template: "convex-org", organization: target),
    ] {
      #expect(response.status == 404)
      #expect(EmulatorHarness.errorCode(response) == "organization_not_found_or_unauthorized")
      let error = try EmulatorHarness.json(response)["errors"]?.arrayValue?.first
      #expect(error?["message"] == "not found or unauthorized")
      #expect(
        error?["long_message"]
          == "Given organization not found, or you don't have permission to access the organization"
      )
    }
    #expect(try activeOrganization(signed)?.stringValue == signed.acme)
  }

  @Test("a token's organization_id by slug is refused: Clerk's token endpoint takes ids")
  func tokenTakesIDs() throws {
    let signed = try signedIn()
    let response = mint(signed, organization: "acme")
    #expect(response.status == 404)
    #expect(EmulatorHarness.errorCode(response) == "organization_not_found_or_unauthorized")
  }

  @Test("session token: no o claim without an organization; {id,slg,rol} with one")
  func organizationClaim() throws {
    let signed = try signedIn()
    #expect(try claims(mint(signed, organization: nil))["o"] == nil)
    // organization_id makes Acme active and keeps it for the next request without one.
    let acme = try claims(mint(signed, organization: signed.acme))
    #expect(acme["o"] == ["id": .string(signed.acme), "slg": "acme", "rol": "admin"])
    #expect(try activeOrganization(signed)?.stringValue == signed.acme)
    #expect(try claims(mint(signed, organization: nil))["o"]?["id"]?.stringValue == signed.acme)
    // Touch switches the claim; empty organization_id is the personal account.
    #expect(touch(signed, "globex").status == 200)
    #expect(try claims(mint(signed, organization: nil))["o"]?["rol"] == "member")
    #expect(try claims(mint(signed, organization: ""))["o"] == nil)
    #expect(try activeOrganization(signed) == .null)
  }

  @Test("template shortcodes {{org.*}}: null without an organization, Clerk's values with one")
  func templateShortcodes() throws {
    let signed = try signedIn()
    #expect(
      signed.harness.bapi(
        "POST", "/v1/jwt_templates",
        json: [
          "name": "org-all",
          "claims": [
            "id": "{{org.id}}", "slug": "{{org.slug}}", "name": "{{org.name}}",
            "role": "{{org.role}}", "label": "{{org.slug}}:{{org.role}}",
            "fallback": "{{org.slug || 'personal'}}",
          ],
        ]
      ).status == 200)
    let personal = try claims(mint(signed, template: "org-all", organization: nil))
    for key in ["id", "slug", "name", "role"] { #expect(personal[key] == .null, "\(key)") }
    #expect(personal["fallback"] == "personal")
    let seeded = try claims(mint(signed, template: "convex-org", organization: nil))
    #expect(seeded["org_id"] == .null)
    #expect(seeded["org_role"] == .null)
    #expect(seeded["aud"] == "convex")

    let acme = try claims(mint(signed, template: "org-all", organization: signed.acme))
    #expect(acme["id"]?.stringValue == signed.acme)
    #expect(acme["slug"] == "acme")
    #expect(acme["name"] == "Acme Inc")
    #expect(acme["role"] == "org:admin")
    #expect(acme["label"] == "acme:org:admin")
    #expect(acme["fallback"] == "acme")
    // A template request's organization_id is kept on the session, as for the session token.
    let convexOrg = try claims(mint(signed, template: "convex-org", organization: nil))
    #expect(convexOrg["org_id"]?.stringValue == signed.acme)
    #expect(convexOrg["org_role"] == "org:admin")
    #expect(convexOrg["sid"] == nil)
  }

  @Test("the Backend API's session and tokens report the active organization")
  func backendSeesActiveOrganization() throws {
    let signed = try signedIn()
    let before = try EmulatorHarness.json(
      signed.harness.bapi("GET", "/v1/sessions/\(signed.session)"))
    #expect(before["last_active_organization_id"] == .null)
    #expect(touch(signed, signed.globex).status == 200)
    let after = try EmulatorHarness.json(
      signed.harness.bapi("GET", "/v1/sessions/\(signed.session)"))
    #expect(after["last_active_organization_id"]?.stringValue == signed.globex)
    let token = try claims(signed.harness.bapi("POST", "/v1/sessions/\(signed.session)/tokens"))
    #expect(token["o"]?["slg"] == "globex")
  }

  @Test("a new session on another client starts with no active organization")
  func newSessionStartsPersonal() throws {
    let signed = try signedIn()
    #expect(touch(signed, signed.acme).status == 200)
    let (token, session) = try signed.harness.signIn()
    let body = try EmulatorHarness.json(
      signed.harness.fapi("GET", "/v1/client/sessions/\(session)", token: token))
    #expect(body["response"]?["last_active_organization_id"] == .null)
    #expect(try signed.harness.mint(session, token: token).payload["o"] == nil)
  }
}
