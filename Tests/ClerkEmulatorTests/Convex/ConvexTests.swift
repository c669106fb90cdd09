import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation
import Testing

@testable import ClerkEmulator

@Suite("Convex-style API")
struct ConvexTests {
  private func call(
    _ harness: EmulatorHarness, _ kind: String = "query", path: String, args: JSONValue = [:],
    format: JSONValue = "json", authorization: String? = nil
  ) -> HTTPResponse {
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    if let authorization { headers.add(name: "Authorization", value: authorization) }
    let body: JSONValue = ["path": .string(path), "args": args, "format": format]
    return harness.send("POST", "/api/\(kind)", headers: headers, body: body.encodedBytes)
  }

  @Test("no token: whoami is null, requireAuth errors, echo returns args")
  func anonymous() throws {
    let harness = try EmulatorHarness()
    #expect(
      try EmulatorHarness.json(call(harness, path: "users:whoami")) == [
        "status": "success", "value": nil,
      ])
    let required = try EmulatorHarness.json(call(harness, path: "users:requireAuth"))
    #expect(required["status"] == "error")
    #expect(
      required["errorMessage"]?.stringValue?.contains(
        "Unauthenticated call to function requiring authentication") == true)
    let echo = try EmulatorHarness.json(
      call(harness, "mutation", path: "echo:args", args: ["a": 1, "b": ["x"]]))
    #expect(echo == ["status": "success", "value": ["a": 1, "b": ["x"]]])
  }

  @Test("the convex template token is accepted and gives Convex's identity")
  func templateAccepted() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let body = try EmulatorHarness.json(
      harness.fapi("POST", "/v1/client/sessions/\(session)/tokens/convex", token: token))
    let jwt = try #require(body["jwt"]?.stringValue)
    let who = try EmulatorHarness.json(
      call(harness, path: "users:whoami", authorization: "Bearer " + jwt))
    let subject = try #require(try JWT(jwt).payload["sub"]?.stringValue)
    #expect(who["status"] == "success")
    #expect(who["value"]?["tokenIdentifier"]?.stringValue == EmulatorHarness.base + "|" + subject)
    #expect(who["value"]?["issuer"]?.stringValue == EmulatorHarness.base)
    #expect(who["value"]?["subject"]?.stringValue == subject)
    let required = try EmulatorHarness.json(
      call(harness, path: "users:requireAuth", authorization: "bearer " + jwt))
    #expect(required["status"] == "success")
  }

  @Test("a convex-org token lets a function read the active organization from the identity")
  func organizationInIdentity() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let path = "/v1/client/sessions/\(session)/tokens/convex-org"
    func whoami(_ form: [(String, String)]) throws -> JSONValue? {
      let body = try EmulatorHarness.json(harness.fapi("POST", path, form: form, token: token))
      let jwt = try #require(body["jwt"]?.stringValue)
      let who = try EmulatorHarness.json(
        call(harness, path: "users:whoami", authorization: "Bearer " + jwt))
      #expect(who["status"] == "success")
      return who["value"]
    }
    let personal = try whoami([])
    #expect(personal?["org_id"] == .null)
    #expect(personal?["org_role"] == .null)
    let memberships = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/me/organization_memberships", token: token))
    let acme = try #require(
      memberships["response"]?.arrayValue?.first { $0["organization"]?["slug"] == "acme" }?[
        "organization"]?["id"]?.stringValue)
    let identity = try whoami([("organization_id", acme)])
    #expect(identity?["org_id"]?.stringValue == acme)
    #expect(identity?["org_role"] == "org:admin")
  }

  @Test("a session token (no aud) is NoAuthProvider")
  func sessionTokenRefused() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let jwt = try harness.fapiJWT(session, token: token)
    let response = call(harness, path: "users:whoami", authorization: "Bearer " + jwt)
    #expect(response.status == 401)
    let body = try EmulatorHarness.json(response)
    #expect(body["code"] == "NoAuthProvider")
    #expect(
      body["message"]?.stringValue?.hasSuffix(
        "[OIDC(domain=\(EmulatorHarness.base), app_id=convex)]") == true)
  }

  @Test("forged signature, expiry at exp (no leeway) and extra audiences are Unauthenticated")
  func unauthenticated() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let jwt = try #require(
      try EmulatorHarness.json(
        harness.fapi("POST", "/v1/client/sessions/\(session)/tokens/convex", token: token))["jwt"]?
        .stringValue)
    let parts = jwt.split(separator: ".").map(String.init)
    // Same header and signature, payload changed: the signature no longer matches.
    var payload = try JWT(jwt).payload.objectValue ?? [:]
    payload["sub"] = "user_forged"
    let forged = [parts[0], Base64URL.encode(JSONValue.object(payload).encodedBytes), parts[2]]
      .joined(separator: ".")
    let other = try RSAPrivateKey.generate(bits: 2048)
    let otherKey = try JWTSigner(key: other, kid: harness.emulator.instanceID).sign(
      claims: try JWT(jwt).payload, extraHeader: ["typ": "JWT"])
    for bad in [forged, otherKey] {
      let response = call(harness, path: "users:whoami", authorization: "Bearer " + bad)
      #expect(response.status == 401)
      #expect(try EmulatorHarness.json(response)["code"] == "Unauthenticated")
    }
    // One second before exp passes; at exp it fails.
    harness.time.advance(59)
    #expect(call(harness, path: "users:whoami", authorization: "Bearer " + jwt).status == 200)
    harness.time.advance(1)
    let expired = call(harness, path: "users:whoami", authorization: "Bearer " + jwt)
    #expect(expired.status == 401)
    #expect(try EmulatorHarness.json(expired)["code"] == "Unauthenticated")

    let multi = harness.bapi(
      "POST", "/v1/jwt_templates",
      json: ["name": "multi", "claims": ["aud": ["convex", "other"]]])
    #expect(multi.status == 200)
    let (token2, session2) = try harness.signIn()
    let multiJWT = try #require(
      try EmulatorHarness.json(
        harness.fapi("POST", "/v1/client/sessions/\(session2)/tokens/multi", token: token2))["jwt"]?
        .stringValue)
    let response = call(harness, path: "users:whoami", authorization: "Bearer " + multiJWT)
    #expect(try EmulatorHarness.json(response)["code"] == "Unauthenticated")
  }

  @Test("header forms, bad paths, bad formats, unknown functions")
  func requestErrors() throws {
    let harness = try EmulatorHarness()
    let cases: [(String, Int, String)] = [
      ("short", 400, "InvalidHeaderFailure"), ("Basic abcdefgh", 400, "InvalidAdminKey"),
      ("Bearer not-a-jwt", 401, "InvalidAuthHeader"),
    ]
    for (header, status, code) in cases {
      let response = call(harness, path: "users:whoami", authorization: header)
      #expect(response.status == status)
      #expect(try EmulatorHarness.json(response)["code"]?.stringValue == code)
    }
    let badPath = call(harness, path: "not a path!")
    #expect(badPath.status == 400)
    #expect(try EmulatorHarness.json(badPath)["code"] == "BadConvexFunctionIdentifier")
    let badFormat = call(harness, path: "echo:args", format: "xml")
    #expect(badFormat.status == 400)
    #expect(try EmulatorHarness.json(badFormat)["code"] == "BadFormat")
    let unknown = call(harness, path: "messages:list")
    #expect(unknown.status == 200)
    #expect(
      try EmulatorHarness.json(unknown)["errorMessage"]?.stringValue
        == "Could not find public function for 'messages:list'. Did you forget to run "
        + "`npx convex dev` or `npx convex deploy`?")
  }
}
