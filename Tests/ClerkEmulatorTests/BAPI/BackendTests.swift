import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

@Suite("Backend API subset")
struct BackendTests {
  @Test(
    "missing or malformed Authorization is authorization_header_format_invalid; wrong key clerk_key_invalid"
  )
  func auth() throws {
    let harness = try EmulatorHarness()
    for header in ["", "Basic abc", "sk_test_raw"] {
      let response = harness.bapi("GET", "/v1/users", authorization: header)
      #expect(response.status == 401)
      #expect(EmulatorHarness.errorCode(response) == "authorization_header_format_invalid")
    }
    let wrong = harness.bapi("GET", "/v1/users", authorization: "Bearer sk_test_wrong")
    #expect(wrong.status == 401)
    #expect(EmulatorHarness.errorCode(wrong) == "clerk_key_invalid")
    #expect(harness.emulator.secretKey.hasPrefix("sk_test_"))
  }

  @Test("GET /v1/users lists bare users and filters by email_address")
  func listUsers() throws {
    let harness = try EmulatorHarness()
    let all = try EmulatorHarness.json(harness.bapi("GET", "/v1/users"))
    #expect(all.arrayValue?.count == 4)
    let one = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/users?email_address=MFA%40example.com"))
    #expect(one.arrayValue?.count == 1)
    #expect(one.arrayValue?.first?["totp_enabled"] == true)
    #expect(one.arrayValue?.first?["private_metadata"] == [:])
    let limited = try EmulatorHarness.json(harness.bapi("GET", "/v1/users?limit=2&offset=3"))
    #expect(limited.arrayValue?.count == 1)
  }

  @Test("POST /v1/users creates a user who can sign in; duplicates are refused")
  func createUser() throws {
    let harness = try EmulatorHarness()
    let created = harness.bapi(
      "POST", "/v1/users",
      json: [
        "email_address": ["new@example.com"], "password": "new-password-1",
        "first_name": "New", "public_metadata": ["role": "admin"],
      ])
    #expect(created.status == 200)
    let user = try EmulatorHarness.json(created)
    #expect(user["object"] == "user")
    #expect(user["id"]?.stringValue?.hasPrefix("user_") == true)
    #expect(user["public_metadata"]?["role"] == "admin")
    #expect(
      try harness.signIn("new@example.com", password: "new-password-1").sessionID.isEmpty == false)
    let duplicate = harness.bapi(
      "POST", "/v1/users", json: ["email_address": ["new@example.com"]])
    #expect(duplicate.status == 422)
    #expect(EmulatorHarness.errorCode(duplicate) == "form_identifier_exists")
    let malformed = harness.send(
      "POST", "/v1/users",
      headers: ["Authorization": "Bearer \(harness.emulator.secretKey)"], body: Array("{".utf8))
    #expect(malformed.status == 422)
  }

  @Test("JWKS and JWT templates: list, create, then mint with the new template")
  func templates() throws {
    let harness = try EmulatorHarness()
    let jwks = try EmulatorHarness.json(harness.bapi("GET", "/v1/jwks"))
    #expect(jwks["keys"]?.arrayValue?.first?["kid"]?.stringValue == harness.emulator.instanceID)
    let list = try EmulatorHarness.json(harness.bapi("GET", "/v1/jwt_templates"))
    #expect(list.arrayValue?.map { $0["name"] } == ["convex", "convex-org"])
    #expect(list.arrayValue?.first?["object"] == "jwt_template")
    let created = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/jwt_templates",
        json: [
          "name": "api", "claims": ["email": "{{user.primary_email_address}}", "aud": "api"],
          "lifetime": 300, "allowed_clock_skew": 0,
        ]))
    #expect(created["id"]?.stringValue?.hasPrefix("jtmp_") == true)
    #expect(created["lifetime"] == 300)
    let bad = harness.bapi(
      "POST", "/v1/jwt_templates", json: ["name": "short", "claims": [:], "lifetime": 5])
    #expect(bad.status == 422)
    #expect(
      harness.bapi("POST", "/v1/jwt_templates", json: ["name": "api", "claims": [:]]).status == 422)
    let (token, session) = try harness.signIn()
    let jwt = try harness.mint(session, token: token, template: "api")
    let iat = Int64(harness.time.now.timeIntervalSince1970)
    #expect(jwt.payload["email"] == "demo@example.com")
    #expect(jwt.payload["exp"]?.intValue == iat + 300)
    #expect(jwt.payload["nbf"]?.intValue == iat)
  }

  @Test("POST /v1/sessions/{id}/revoke revokes; unknown ids are 404")
  func revoke() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let revoked = try EmulatorHarness.json(harness.bapi("POST", "/v1/sessions/\(session)/revoke"))
    #expect(revoked["status"] == "revoked")
    #expect(revoked["object"] == "session")
    #expect(
      harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token).status == 404)
    #expect(harness.bapi("POST", "/v1/sessions/sess_nope/revoke").status == 404)
    let noUser = harness.bapi("POST", "/v1/sign_in_tokens", json: ["user_id": "user_nope"])
    #expect(noUser.status == 404)
  }
}
