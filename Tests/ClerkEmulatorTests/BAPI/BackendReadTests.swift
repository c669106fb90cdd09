import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

/// The Backend API reads a CI user reaches for (users, sessions) and JWT template updates.
@Suite("Backend API: users, sessions and templates by id")
struct BackendReadTests {
  private func ids(_ response: HTTPResponse) throws -> [String] {
    try EmulatorHarness.json(response).arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
  }

  @Test("GET /v1/users/{id}: the user with private_metadata; an unknown id is 404")
  func getUser() throws {
    let harness = try EmulatorHarness()
    let listed = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/users?email_address=demo%40example.com"))
    let id = try #require(listed.arrayValue?.first?["id"]?.stringValue)
    let user = try EmulatorHarness.json(harness.bapi("GET", "/v1/users/\(id)"))
    #expect(user["id"]?.stringValue == id)
    #expect(user["email_addresses"]?.arrayValue?.first?["email_address"] == "demo@example.com")
    #expect(user["private_metadata"] == [:])
    let missing = harness.bapi("GET", "/v1/users/user_nope")
    #expect(missing.status == 404)
    #expect(EmulatorHarness.errorCode(missing) == "resource_not_found")
  }

  @Test("GET /v1/sessions: newest first, filtered by user_id and status, paged by limit/offset")
  func listSessions() throws {
    let harness = try EmulatorHarness()
    let (_, first) = try harness.signIn()
    harness.time.advance(1)
    let (secondToken, second) = try harness.signIn()
    // Another user's session is not listed for this one.
    #expect(
      harness.bapi(
        "POST", "/v1/users",
        json: ["email_address": ["other@example.com"], "password": "other-password"]
      ).status == 200)
    _ = try harness.signIn("other@example.com", password: "other-password")
    #expect(
      harness.fapi("POST", "/v1/client/sessions/\(second)/end", token: secondToken).status == 200)
    let user = try #require(
      try EmulatorHarness.json(harness.bapi("GET", "/v1/sessions/\(first)"))["user_id"]?
        .stringValue)
    #expect(try ids(harness.bapi("GET", "/v1/sessions?user_id=\(user)")) == [second, first])
    #expect(try ids(harness.bapi("GET", "/v1/sessions?user_id=\(user)&status=active")) == [first])
    #expect(try ids(harness.bapi("GET", "/v1/sessions?user_id=\(user)&status=ended")) == [second])
    #expect(try ids(harness.bapi("GET", "/v1/sessions?user_id=\(user)&limit=1")) == [second])
    #expect(
      try ids(harness.bapi("GET", "/v1/sessions?user_id=\(user)&limit=1&offset=1")) == [first])
    #expect(try ids(harness.bapi("GET", "/v1/sessions?user_id=user_nobody")) == [])
    for bad in ["status=bogus", "limit=0", "limit=501", "offset=-1"] {
      let refused = harness.bapi("GET", "/v1/sessions?\(bad)")
      #expect(refused.status == 422, "\(bad)")
      #expect(EmulatorHarness.errorCode(refused) == "form_param_value_invalid", "\(bad)")
    }
  }

  @Test("GET /v1/sessions/{id}: the BAPI session; it reads expired once past expire_at")
  func getSession() throws {
    let harness = try EmulatorHarness()
    let (_, session) = try harness.signIn()
    let json = try EmulatorHarness.json(harness.bapi("GET", "/v1/sessions/\(session)"))
    #expect(json["object"] == "session")
    #expect(json["status"] == "active")
    #expect(json["client_id"]?.stringValue?.hasPrefix("client_") == true)
    harness.time.advance(8 * 86_400)
    let later = try EmulatorHarness.json(harness.bapi("GET", "/v1/sessions/\(session)"))
    #expect(later["status"] == "expired")
    #expect(harness.bapi("GET", "/v1/sessions/sess_nope").status == 404)
  }

  @Test("GET|PATCH /v1/jwt_templates/{id}: name and claims required, lifetime 30 s or more")
  func templates() throws {
    let harness = try EmulatorHarness()
    let listed = try EmulatorHarness.json(harness.bapi("GET", "/v1/jwt_templates"))
    let convex = try #require(listed.arrayValue?.first { $0["name"] == "convex" })
    let id = try #require(convex["id"]?.stringValue)
    #expect(try EmulatorHarness.json(harness.bapi("GET", "/v1/jwt_templates/\(id)")) == convex)
    #expect(harness.bapi("GET", "/v1/jwt_templates/jtmp_nope").status == 404)

    let renamed = harness.bapi(
      "PATCH", "/v1/jwt_templates/\(id)",
      json: ["name": "convex-ci", "claims": ["aud": "convex", "ci": true]])
    #expect(renamed.status == 200)
    let body = try EmulatorHarness.json(renamed)
    #expect(body["name"] == "convex-ci")
    #expect(body["lifetime"] == convex["lifetime"])  // kept when not sent
    #expect(body["claims"]?["ci"] == true)
    // The new name mints; the old one is gone.
    let (token, session) = try harness.signIn()
    #expect(try harness.mint(session, token: token, template: "convex-ci").payload["ci"] == true)
    let old = harness.fapi("POST", "/v1/client/sessions/\(session)/tokens/convex", token: token)
    #expect(old.status == 404)

    let refusals: [(JSONValue, String, String)] = [
      (["claims": [:]], "form_param_missing", "name"),
      (["name": "x"], "form_param_missing", "claims"),
      (["name": "x", "claims": "nope"], "form_param_value_invalid", "claims"),
      (["name": "x", "claims": [:], "lifetime": 29], "form_param_value_invalid", "lifetime"),
      (
        ["name": "x", "claims": [:], "allowed_clock_skew": 301], "form_param_value_invalid",
        "allowed_clock_skew"
      ),
    ]
    for (json, code, param) in refusals {
      for (method, path) in [("PATCH", "/v1/jwt_templates/\(id)"), ("POST", "/v1/jwt_templates")] {
        let refused = harness.bapi(method, path, json: json)
        #expect(refused.status == 422, "\(method) \(json)")
        #expect(EmulatorHarness.errorCode(refused) == code, "\(method) \(json)")
        let meta = try EmulatorHarness.json(refused)["errors"]?.arrayValue?.first?["meta"]
        #expect(meta?["param_name"]?.stringValue == param, "\(method) \(json)")
      }
    }
    #expect(
      harness.bapi(
        "PATCH", "/v1/jwt_templates/\(id)",
        json: ["name": "convex-ci", "claims": [:], "lifetime": 30]
      ).status == 200)
    // Names stay unique.
    let other = try EmulatorHarness.json(
      harness.bapi("POST", "/v1/jwt_templates", json: ["name": "other", "claims": [:]]))
    let otherID = try #require(other["id"]?.stringValue)
    let clash = harness.bapi(
      "PATCH", "/v1/jwt_templates/\(otherID)", json: ["name": "convex-ci", "claims": [:]])
    #expect(clash.status == 422)
  }
}
