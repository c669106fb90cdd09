import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

/// The OAuth provider's flows of the conformance recording: every JSON route of the Frontend
/// API's `/oauth/*` and the Backend API's OAuth applications, each success and the refusals.
extension Flows {
  func oauth() throws {
    #expect(harness.send("GET", "/.well-known/oauth-authorization-server").status == 200)
    let reply = try harness.exchange(try harness.authorizationCode())
    let access = try #require(reply["access_token"]?.stringValue)
    let refresh = try #require(reply["refresh_token"]?.stringValue)
    #expect(harness.tokenRequest([("grant_type", "authorization_code")]).status == 401)
    #expect(
      harness.tokenRequest([("grant_type", "password"), ("client_id", "demo_public_client")]).status
        == 401)
    #expect(
      harness.tokenRequest([
        ("grant_type", "refresh_token"), ("refresh_token", "nope"),
        ("client_id", "demo_public_client"),
      ]).status == 400)
    for method in ["GET", "POST"] {
      #expect(
        harness.send(method, "/oauth/userinfo", headers: ["Authorization": "Bearer \(access)"])
          .status == 200)
      #expect(
        harness.send(method, "/oauth/userinfo", headers: ["Authorization": "Bearer nope"]).status
          == 401)
    }
    #expect(try harness.isActive(access))
    #expect(try !harness.isActive("nope"))
    #expect(
      harness.oauthForm("/oauth/token_info", [("token", access)], basic: ("nobody", "x")).status
        == 401)
    #expect(
      harness.oauthForm("/oauth/token/revoke", [("client_id", "demo_public_client")]).status == 400)
    #expect(
      harness.oauthForm("/oauth/token/revoke", [("token", refresh)]).status == 401)
    try registration()
    try applications()
  }

  private func registration() throws {
    let json = { (body: JSONValue) in
      harness.send(
        "POST", "/oauth/register", headers: ["Content-Type": "application/json"],
        body: body.encodedBytes)
    }
    #expect(
      json([
        "client_name": "MCP inspector", "redirect_uris": ["http://127.0.0.1/callback"],
        "token_endpoint_auth_method": "none",
      ]).status == 201)
    #expect(json(["redirect_uris": ["https://app.example/cb"]]).status == 201)
    #expect(json(["redirect_uris": []]).status == 400)
    #expect(json(["redirect_uris": ["x"], "token_endpoint_auth_method": "magic"]).status == 400)
  }

  private func applications() throws {
    #expect(harness.bapi("GET", "/v1/oauth_applications").status == 200)
    #expect(harness.bapi("GET", "/v1/instance/oauth_application_settings").status == 200)
    #expect(
      harness.bapi(
        "PATCH", "/v1/instance/oauth_application_settings",
        json: ["oauth_jwt_access_tokens": false]
      ).status == 200)
    let created = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/oauth_applications",
        json: [
          "name": "Opaque app", "redirect_uris": ["http://127.0.0.1/callback"],
          "scopes": "openid email offline_access", "public": true,
        ]))
    let id = try #require(created["id"]?.stringValue)
    let client = try #require(created["client_id"]?.stringValue)
    #expect(harness.bapi("POST", "/v1/oauth_applications", json: ["public": true]).status == 422)
    #expect(harness.bapi("GET", "/v1/oauth_applications/\(id)").status == 200)
    #expect(harness.bapi("GET", "/v1/oauth_applications/oa_missing").status == 404)
    #expect(
      harness.bapi("PATCH", "/v1/oauth_applications/\(id)", json: ["name": "Renamed"]).status
        == 200)
    #expect(harness.bapi("POST", "/v1/oauth_applications/\(id)/rotate_secret").status == 200)
    let reply = try harness.exchange(
      try harness.authorizationCode(scope: "openid email offline_access", client: client),
      client: client)
    let opaque = try #require(reply["access_token"]?.stringValue)
    for path in [
      "/oauth_applications/access_tokens/verify", "/v1/oauth_applications/access_tokens/verify",
    ] {
      #expect(harness.bapi("POST", path, json: ["access_token": .string(opaque)]).status == 200)
      #expect(harness.bapi("POST", path, json: ["access_token": "oat_nope"]).status == 404)
      #expect(harness.bapi("POST", path, json: [:]).status == 400)
    }
    #expect(
      harness.bapi("POST", "/v1/oauth_applications/\(id)/revoke_token", json: ["token": "nope"])
        .status == 404)
    #expect(
      harness.bapi(
        "POST", "/v1/oauth_applications/\(id)/revoke_token", json: ["token": .string(opaque)]
      ).status == 204)
    #expect(harness.bapi("DELETE", "/v1/oauth_applications/\(id)").status == 200)
    #expect(harness.bapi("DELETE", "/v1/oauth_applications/\(id)").status == 404)
  }
}
