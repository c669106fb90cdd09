import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

/// The machine and M2M token flows of the conformance recording: every route (M2M tokens under
/// both path forms), each success and the refusals Clerk documents.
extension Flows {
  func machines() throws {
    let api = try harness.createMachine("api")
    let ci = try harness.createMachine("ci", scopes: [api.id])
    let other = try harness.createMachine("other")
    #expect(harness.bapi("GET", "/v1/machines?limit=2&order_by=name&query=i").status == 200)
    #expect(harness.bapi("GET", "/v1/machines?order_by=bogus").status == 422)
    #expect(harness.bapi("POST", "/v1/machines", json: [:]).status == 422)
    #expect(harness.bapi("GET", "/v1/machines/\(ci.id)").status == 200)
    #expect(harness.bapi("GET", "/v1/machines/mch_nope").status == 404)
    #expect(
      harness.bapi("PATCH", "/v1/machines/\(ci.id)", json: ["default_token_ttl": 900]).status
        == 200)
    #expect(harness.bapi("PATCH", "/v1/machines/\(ci.id)", json: ["name": ""]).status == 422)
    #expect(harness.bapi("GET", "/v1/machines/\(ci.id)/secret_key").status == 200)
    #expect(
      harness.bapi(
        "POST", "/v1/machines/\(other.id)/secret_key/rotate", json: ["previous_token_ttl": 30]
      ).status == 200)
    #expect(
      harness.bapi("POST", "/v1/machines/\(other.id)/secret_key/rotate", json: [:]).status == 422)
    let scopes = "/v1/machines/\(other.id)/scopes"
    #expect(harness.bapi("POST", scopes, json: ["to_machine_id": .string(api.id)]).status == 200)
    #expect(harness.bapi("POST", scopes, json: ["to_machine_id": .string(api.id)]).status == 409)
    #expect(harness.bapi("POST", scopes, json: ["to_machine_id": "mch_nope"]).status == 404)
    #expect(harness.bapi("DELETE", scopes + "/\(api.id)").status == 200)
    #expect(harness.bapi("DELETE", scopes + "/\(api.id)").status == 404)
    #expect(harness.bapi("GET", "/v1/machines", authorization: "Bearer " + ci.secret).status == 401)

    for prefix in ["", "/v1"] {
      try m2mTokens(prefix, api: api, ci: ci, other: other)
    }
    #expect(harness.bapi("DELETE", "/v1/machines/\(other.id)").status == 200)
    #expect(harness.bapi("DELETE", "/v1/machines/\(other.id)").status == 404)
  }

  private func m2mTokens(
    _ prefix: String, api: (id: String, secret: String), ci: (id: String, secret: String),
    other: (id: String, secret: String)
  ) throws {
    let tokens = prefix + "/m2m_tokens"
    let opaque = try harness.createM2MToken(
      secret: ci.secret,
      ["claims": ["k": "v"], "seconds_until_expiration": 120, "min_remaining_ttl_seconds": 60],
      path: tokens)
    _ = try harness.createM2MToken(
      secret: ci.secret, ["token_format": "jwt", "claims": ["aud": "convex"]], path: tokens)
    #expect(harness.bapi("POST", tokens, json: [:]).status == 403)
    #expect(harness.m2m("POST", tokens, json: ["nope": 1], secret: ci.secret).status == 400)
    #expect(
      harness.m2m("POST", tokens, json: ["claims": ["iss": "x"]], secret: ci.secret).status == 400)
    #expect(
      harness.m2m("POST", tokens, json: [:], secret: "ak_" + String(repeating: "0", count: 32))
        .status == 401)

    #expect(harness.m2m("GET", tokens + "?subject=\(ci.id)", secret: ci.secret).status == 200)
    #expect(
      harness.bapi("GET", tokens + "?subject=\(ci.id)&revoked=true&expired=true&limit=5").status
        == 200)
    #expect(harness.m2m("GET", tokens + "?subject=\(ci.id)", secret: api.secret).status == 403)
    #expect(harness.m2m("GET", tokens, secret: ci.secret).status == 400)
    #expect(
      harness.bapi("GET", tokens + "?subject=mch_" + String(repeating: "x", count: 27)).status
        == 404)

    let secret = opaque["token"] ?? .null
    #expect(
      harness.m2m("POST", tokens + "/verify", json: ["token": secret], secret: api.secret).status
        == 200)
    #expect(harness.bapi("POST", tokens + "/verify", json: ["token": secret]).status == 200)
    #expect(
      harness.m2m("POST", tokens + "/verify", json: ["token": secret], secret: other.secret)
        .status == 404)
    #expect(harness.bapi("POST", tokens + "/verify", json: [:]).status == 400)

    let id = try #require(opaque["id"]?.stringValue)
    #expect(
      harness.m2m(
        "POST", tokens + "/\(id)/revoke", json: ["revocation_reason": "done"], secret: ci.secret
      )
      .status == 200)
    #expect(
      harness.m2m("POST", tokens + "/\(id)/revoke", json: [:], secret: api.secret).status == 404)
    #expect(harness.bapi("POST", tokens + "/\(id)/revoke", json: ["x": 1]).status == 400)
    #expect(harness.bapi("POST", tokens + "/verify", json: ["token": secret]).status == 404)
  }
}
