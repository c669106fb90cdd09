import ClerkTestSupport
import ClerkctlCrypto
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore

@Suite("Backend API: organizations and memberships")
struct BackendOrganizationTests {
  private func userID(_ harness: EmulatorHarness, _ email: String) throws -> String {
    let users = try EmulatorHarness.json(harness.bapi("GET", "/v1/users?email_address=\(email)"))
    return try #require(users.arrayValue?.first?["id"]?.stringValue)
  }

  private func expectError(
    _ response: HTTPResponse, _ status: Int, _ code: String, param: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(response.status == status, sourceLocation: sourceLocation)
    #expect(EmulatorHarness.errorCode(response) == code, sourceLocation: sourceLocation)
    if let param {
      let error = (try? EmulatorHarness.json(response))?["errors"]?.arrayValue?.first
      #expect(error?["meta"]?["param_name"]?.stringValue == param, sourceLocation: sourceLocation)
    }
  }

  @Test("GET /v1/organizations: {data,total_count}, newest first, paged, filtered")
  func list() throws {
    let harness = try EmulatorHarness()
    let all = try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations"))
    #expect(all["total_count"] == 2)
    #expect(all["data"]?.arrayValue?.map { $0["slug"] } == ["globex", "acme"])
    #expect(all["data"]?.arrayValue?.first?["object"] == "organization")
    #expect(all["data"]?.arrayValue?.first?["members_count"] == nil)
    #expect(all["data"]?.arrayValue?.first?["private_metadata"] == [:])
    let page = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/organizations?limit=1&offset=1&include_members_count=true"))
    #expect(page["total_count"] == 2)
    #expect(page["data"]?.arrayValue?.map { $0["slug"] } == ["acme"])
    #expect(page["data"]?.arrayValue?.first?["members_count"] == 1)
    let byName = try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations?query=ACME"))
    #expect(byName["data"]?.arrayValue?.map { $0["name"] } == ["Acme Inc"])
    #expect(byName["total_count"] == 1)
    let ascending = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/organizations?order_by=name"))
    #expect(ascending["data"]?.arrayValue?.map { $0["slug"] } == ["acme", "globex"])
    let demo = try userID(harness, "demo@example.com")
    let mfa = try userID(harness, "mfa@example.com")
    let member = try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations?user_id=\(demo)"))
    #expect(member["total_count"] == 2)
    let none = try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations?user_id=\(mfa)"))
    #expect(none["total_count"] == 0)
    let excluded = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/organizations?user_id=-\(demo)"))
    #expect(excluded["total_count"] == 0)
    expectError(
      harness.bapi("GET", "/v1/organizations?order_by=bogus"), 422, "form_param_value_invalid",
      param: "order_by")
    expectError(
      harness.bapi("GET", "/v1/organizations?limit=0"), 422, "form_param_value_invalid",
      param: "limit")
    #expect(
      harness.bapi("GET", "/v1/organizations", authorization: "Bearer sk_test_x").status == 401)
  }

  @Test("POST /v1/organizations: the creator becomes org:admin and sees it over the FAPI")
  func create() throws {
    let harness = try EmulatorHarness()
    let mfa = try userID(harness, "mfa@example.com")
    let response = harness.bapi(
      "POST", "/v1/organizations",
      json: [
        "name": "Initech", "slug": "initech", "created_by": .string(mfa),
        "public_metadata": ["tier": "gold"], "private_metadata": ["crm": 7],
        "max_allowed_memberships": 3,
      ])
    #expect(response.status == 200)
    let created = try EmulatorHarness.json(response)
    #expect(created["object"] == "organization")
    #expect(created["id"]?.stringValue?.hasPrefix("org_") == true)
    #expect(created["slug"] == "initech")
    #expect(created["created_by"]?.stringValue == mfa)
    #expect(created["public_metadata"] == ["tier": "gold"])
    #expect(created["private_metadata"] == ["crm": 7])
    #expect(created["max_allowed_memberships"] == 3)
    let list = try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations"))
    #expect(list["data"]?.arrayValue?.first?["slug"] == "initech")
    #expect(list["total_count"] == 3)
    // The creator (mfa, TOTP) signs in and lists the membership.
    let signIn = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "mfa@example.com"), ("password", "demo-password")])
    let token = try #require(signIn.headers["Authorization"])
    let id = try #require(try EmulatorHarness.json(signIn)["response"]?["id"]?.stringValue)
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    let code = TOTP.code(secret: secret, time: Int64(harness.time.now.timeIntervalSince1970))
    let done = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_second_factor",
      form: [("strategy", "totp"), ("code", code)], token: token)
    #expect(done.status == 200)
    let rotated = try #require(done.headers["Authorization"])
    let memberships = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/me/organization_memberships", token: rotated))
    #expect(memberships["response"]?.arrayValue?.map { $0["role"] } == ["org:admin"])
    #expect(
      memberships["response"]?.arrayValue?.first?["organization"]?["id"] == created["id"])
  }

  @Test("a slug left out is derived from the name, with a suffix when taken")
  func derivedSlug() throws {
    let harness = try EmulatorHarness()
    let first = try EmulatorHarness.json(
      harness.bapi("POST", "/v1/organizations", json: ["name": "Umbrella Corp."]))
    #expect(first["slug"] == "umbrella-corp")
    #expect(first["created_by"] == nil)
    let second = try EmulatorHarness.json(
      harness.bapi("POST", "/v1/organizations", json: ["name": "Umbrella  Corp"]))
    let slug = try #require(second["slug"]?.stringValue)
    #expect(slug.hasPrefix("umbrella-corp-"))
    #expect(EmulatorConfiguration.isValidSlug(slug))
  }

  @Test("creation refusals: missing name, taken or malformed slug, unknown creator")
  func createRefusals() throws {
    let harness = try EmulatorHarness()
    expectError(
      harness.bapi("POST", "/v1/organizations", json: ["slug": "x"]), 422, "form_param_missing",
      param: "name")
    expectError(
      harness.bapi("POST", "/v1/organizations", json: ["name": "Acme 2", "slug": "acme"]), 422,
      "form_identifier_exists", param: "slug")
    expectError(
      harness.bapi("POST", "/v1/organizations", json: ["name": "X", "slug": "Not Valid"]), 422,
      "form_param_format_invalid", param: "slug")
    let unknown = harness.bapi(
      "POST", "/v1/organizations", json: ["name": "X", "created_by": "user_nope"])
    expectError(unknown, 400, "organization_creator_not_found")
    let error = try EmulatorHarness.json(unknown)["errors"]?.arrayValue?.first
    #expect(error?["long_message"] == "No users found with id user_nope.")
    expectError(
      harness.bapi("POST", "/v1/organizations", json: ["name": "X", "public_metadata": "no"]),
      422, "form_param_value_invalid", param: "public_metadata")
    // Nothing was created.
    #expect(try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations"))["total_count"] == 2)
  }

  @Test("POST …/memberships adds a member with a role, in Clerk's BAPI shape")
  func addMember() throws {
    let harness = try EmulatorHarness()
    let mfa = try userID(harness, "mfa@example.com")
    let acme = try #require(
      try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations?query=acme"))["data"]?
        .arrayValue?.first?["id"]?.stringValue)
    let response = harness.bapi(
      "POST", "/v1/organizations/\(acme)/memberships",
      json: ["user_id": .string(mfa), "role": "org:member", "public_metadata": ["team": "ops"]])
    #expect(response.status == 200)
    let membership = try EmulatorHarness.json(response)
    #expect(membership["object"] == "organization_membership")
    #expect(membership["id"]?.stringValue?.hasPrefix("orgmem_") == true)
    #expect(membership["role"] == "org:member")
    #expect(membership["role_name"] == "Member")
    #expect(membership["permissions"] == ["org:sys_memberships:read"])
    #expect(membership["public_metadata"] == ["team": "ops"])
    #expect(membership["private_metadata"] == [:])
    #expect(membership["organization"]?["id"]?.stringValue == acme)
    #expect(membership["public_user_data"]?["user_id"]?.stringValue == mfa)
    #expect(membership["public_user_data"]?["identifier"] == "mfa@example.com")
    let counted = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/organizations?query=acme&include_members_count=true"))
    #expect(counted["data"]?.arrayValue?.first?["members_count"] == 2)
    // The Backend API user lists the membership in its BAPI shape.
    let users = try EmulatorHarness.json(harness.bapi("GET", "/v1/users/\(mfa)"))
    #expect(users["organization_memberships"]?.arrayValue?.first?["role"] == "org:member")
  }

  @Test("membership refusals: unknown organization or user, missing fields, bad role, duplicates")
  func addMemberRefusals() throws {
    let harness = try EmulatorHarness()
    let demo = try userID(harness, "demo@example.com")
    let acme = try #require(
      try EmulatorHarness.json(harness.bapi("GET", "/v1/organizations?query=acme"))["data"]?
        .arrayValue?.first?["id"]?.stringValue)
    let path = "/v1/organizations/\(acme)/memberships"
    expectError(
      harness.bapi(
        "POST", "/v1/organizations/org_nope/memberships",
        json: ["user_id": .string(demo), "role": "org:member"]), 404, "resource_not_found")
    expectError(
      harness.bapi("POST", path, json: ["role": "org:member"]), 422, "form_param_missing",
      param: "user_id")
    expectError(
      harness.bapi("POST", path, json: ["user_id": .string(demo)]), 422, "form_param_missing",
      param: "role")
    expectError(
      harness.bapi("POST", path, json: ["user_id": "user_nope", "role": "org:member"]), 404,
      "resource_not_found")
    let mfa = try userID(harness, "mfa@example.com")
    expectError(
      harness.bapi("POST", path, json: ["user_id": .string(mfa), "role": "org:owner"]), 422,
      "form_param_value_invalid", param: "role")
    let duplicate = harness.bapi(
      "POST", path, json: ["user_id": .string(demo), "role": "org:member"])
    expectError(duplicate, 400, "already_a_member_in_organization")
  }

  @Test("an organization at max_allowed_memberships refuses another member with 403")
  func quota() throws {
    let harness = try EmulatorHarness()
    let demo = try userID(harness, "demo@example.com")
    let mfa = try userID(harness, "mfa@example.com")
    let small = try #require(
      try EmulatorHarness.json(
        harness.bapi(
          "POST", "/v1/organizations",
          json: ["name": "Tiny", "created_by": .string(demo), "max_allowed_memberships": 1]))[
          "id"]?.stringValue)
    let refused = harness.bapi(
      "POST", "/v1/organizations/\(small)/memberships",
      json: ["user_id": .string(mfa), "role": "org:member"])
    expectError(refused, 403, "organization_membership_quota_exceeded")
  }
}
