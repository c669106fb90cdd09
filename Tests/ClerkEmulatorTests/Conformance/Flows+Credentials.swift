import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

/// The API key, actor token and testing token flows of the conformance recording: every route
/// (the Backend API's API keys under both path forms), each success and the refusals.
extension Flows {
  func credentials() throws {
    let (token, session) = try harness.signIn()
    let jwt = try sessionJWT(session, token: token)
    let me = try #require(
      try EmulatorHarness.json(harness.fapi("GET", "/v1/me", token: token))[
        "response"]?["id"]?.stringValue)
    let created = try EmulatorHarness.json(
      frontend(
        "POST", "/api_keys", jwt: jwt, ["name": "ci deploy", "subject": .string(me)],
        status: 201))
    let keyID = try #require(created["id"]?.stringValue)
    let secret = try #require(created["secret"]?.stringValue)
    frontend(
      "POST", "/api_keys", jwt: jwt, ["name": "ci deploy", "subject": .string(me)], status: 409)
    frontend("POST", "/api_keys", jwt: jwt, ["name": "x", "subject": .string(me)], status: 400)
    frontend(
      "POST", "/api_keys", jwt: jwt, ["name": "scoped", "subject": .string(me), "scopes": ["a"]],
      status: 400)
    frontend(
      "POST", "/api_keys", jwt: jwt,
      ["name": "other's", "subject": .string("user_" + String(repeating: "x", count: 27))],
      status: 403)
    frontend(
      "POST", "/api_keys", jwt: "not-a-jwt", ["name": "nope", "subject": .string(me)], status: 401)
    frontend("GET", "/api_keys?subject=\(me)&limit=5", jwt: jwt, status: 200)
    frontend("GET", "/api_keys", jwt: jwt, status: 400)
    frontend(
      "PATCH", "/api_keys/\(keyID)", jwt: jwt, ["description": "rotated weekly"], status: 200)
    frontend(
      "PATCH", "/api_keys/ak_" + String(repeating: "0", count: 32), jwt: jwt, [:], status: 404)
    let second = try EmulatorHarness.json(
      frontend(
        "POST", "/api_keys", jwt: jwt,
        ["name": "short", "subject": .string(me), "seconds_until_expiration": 60], status: 201))
    let secondID = try #require(second["id"]?.stringValue)
    frontend(
      "POST", "/api_keys/\(secondID)/revoke", jwt: jwt, ["revocation_reason": "done"], status: 200)
    frontend(
      "POST", "/api_keys/ak_" + String(repeating: "0", count: 32) + "/revoke", jwt: jwt, [:],
      status: 404)

    for prefix in ["", "/v1"] {
      try backendKeys(prefix, user: me, secret: secret, keyID: keyID)
    }
    #expect(
      harness.bapi("POST", "/api_keys/verify", json: ["secret": .string(secret)]).status == 404)
    try actorTokens(user: me)
    #expect(harness.bapi("POST", "/v1/testing_tokens").status == 200)
  }

  private func backendKeys(_ prefix: String, user: String, secret: String, keyID: String) throws {
    let keys = prefix + "/api_keys"
    #expect(harness.bapi("POST", keys + "/verify", json: ["secret": .string(secret)]).status == 200)
    #expect(harness.bapi("POST", keys + "/verify", json: ["secret": "ak_nope"]).status == 404)
    #expect(harness.bapi("POST", keys + "/verify", json: [:]).status == 400)
    #expect(
      harness.bapi("POST", keys + "/verify", json: [:], authorization: "Bearer sk_test_nope").status
        == 401)
    let created = try EmulatorHarness.json(
      harness.bapi(
        "POST", keys,
        json: [
          "name": .string("backend" + prefix.replacingOccurrences(of: "/", with: "-")),
          "subject": .string(user), "scopes": ["read:chats"], "claims": ["tier": "gold"],
        ]))
    let id = try #require(created["id"]?.stringValue)
    #expect(created["secret"]?.stringValue?.hasPrefix("ak_") == true)
    #expect(
      harness.bapi(
        "POST", keys,
        json: ["name": "nobody", "subject": .string("user_" + String(repeating: "y", count: 27))]
      ).status == 400)
    #expect(harness.bapi("GET", keys + "?subject=\(user)&include_invalid=true").status == 200)
    #expect(harness.bapi("GET", keys).status == 400)
    #expect(harness.bapi("GET", keys + "/\(keyID)").status == 200)
    #expect(harness.bapi("GET", keys + "/ak_" + String(repeating: "1", count: 32)).status == 404)
    #expect(
      harness.bapi("POST", keys + "/\(id)/revoke", json: ["revocation_reason": "rotated"]).status
        == 200)
    #expect(
      harness.bapi("POST", keys + "/ak_" + String(repeating: "1", count: 32) + "/revoke", json: [:])
        .status == 404)
    if prefix == "/v1" {
      #expect(harness.bapi("POST", keys + "/\(keyID)/revoke", json: [:]).status == 200)
    }
  }

  private func actorTokens(user: String) throws {
    let created = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/actor_tokens",
        json: [
          "user_id": .string(user), "actor": ["sub": "support@example.com"],
          "expires_in_seconds": 60,
        ]))
    let ticket = try #require(created["token"]?.stringValue)
    #expect(created["status"] == "pending")
    let signIn = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", ticket)])
    #expect(signIn.status == 200)
    let client = try #require(signIn.headers["Authorization"])
    let session = try #require(
      try EmulatorHarness.json(signIn)["response"]?["created_session_id"]?.stringValue)
    let minted = try harness.mint(session, token: client)
    #expect(minted.payload["act"]?["sub"] == "support@example.com")
    #expect(harness.fapi("GET", "/v1/client", token: client).status == 200)
    #expect(harness.bapi("GET", "/v1/sessions/\(session)").status == 200)
    let id = try #require(created["id"]?.stringValue)
    #expect(harness.bapi("POST", "/v1/actor_tokens/\(id)/revoke").status == 400)
    let pending = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/actor_tokens", json: ["user_id": .string(user), "actor": ["sub": "x"]]))
    let pendingID = try #require(pending["id"]?.stringValue)
    #expect(harness.bapi("POST", "/v1/actor_tokens/\(pendingID)/revoke").status == 200)
    #expect(harness.bapi("POST", "/v1/actor_tokens/act_nope/revoke").status == 404)
    #expect(
      harness.bapi("POST", "/v1/actor_tokens", json: ["user_id": .string(user)]).status == 422)
    #expect(
      harness.bapi(
        "POST", "/v1/actor_tokens", json: ["user_id": "user_nope", "actor": ["sub": "x"]]
      ).status == 404)
  }

  /// A fresh session JWT for the FAPI `/api_keys` Bearer.
  private func sessionJWT(_ session: String, token: String) throws -> String {
    let response = harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token)
    return try #require(try EmulatorHarness.json(response)["jwt"]?.stringValue)
  }

  /// A JSON request to the Frontend API's `/api_keys` with the session JWT as Bearer.
  @discardableResult
  private func frontend(
    _ method: String, _ path: String, jwt: String, _ body: JSONValue? = nil, status: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> HTTPResponse {
    let response = harness.send(
      method, path,
      headers: ["Authorization": "Bearer " + jwt, "Content-Type": "application/json"],
      body: body?.encodedBytes ?? [], sourceLocation: sourceLocation)
    #expect(
      response.status == status, "\(String(decoding: response.body, as: UTF8.self))",
      sourceLocation: sourceLocation)
    return response
  }
}
