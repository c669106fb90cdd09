import ClerkTestSupport
import ClerkctlJOSE
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

@Suite("FAPI sessions and tokens")
struct SessionTests {
  @Test("session token carries Clerk's v2 claims, RS256 header with kid = instance id")
  func sessionTokenClaims() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    harness.time.advance(120)
    let jwt = try harness.mint(session, token: token)
    #expect(jwt.algorithm == "RS256")
    #expect(jwt.keyID == harness.emulator.instanceID)
    #expect(jwt.keyID?.hasPrefix("ins_") == true)
    #expect(jwt.header["typ"] == "JWT")
    let claims = jwt.payload
    let iat = Int64(harness.time.now.timeIntervalSince1970)
    #expect(claims["iss"]?.stringValue == EmulatorHarness.base)
    #expect(claims["sid"]?.stringValue == session)
    #expect(claims["sub"]?.stringValue?.hasPrefix("user_") == true)
    #expect(claims["iat"]?.intValue == iat)
    #expect(claims["exp"]?.intValue == iat + 60)
    #expect(claims["nbf"]?.intValue == iat - 10)
    #expect(claims["v"] == 2)
    #expect(claims["sts"] == "active")
    #expect(claims["fva"] == [2, -1])
    #expect(claims["azp"] == nil)
    #expect(claims["jti"]?.stringValue?.isEmpty == false)
    // The signature verifies against the served JWKS.
    let jwksBody = try EmulatorHarness.json(harness.send("GET", "/.well-known/jwks.json"))
    #expect(jwksBody["keys"]?.arrayValue?.first?["kid"]?.stringValue == harness.emulator.instanceID)
    _ = try JWTVerifier(keys: harness.emulator.jwks).verify(
      try harness.fapiJWT(session, token: token),
      options: JWTVerifier.Options(leeway: 0, issuer: nil, audience: nil, now: harness.time.now))
  }

  @Test("template token: template claims + defaults, lifetime and skew, no sid")
  func templateToken() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let jwt = try harness.mint(session, token: token, template: "convex")
    let claims = jwt.payload
    let iat = Int64(harness.time.now.timeIntervalSince1970)
    #expect(claims["aud"] == "convex")
    #expect(claims["sub"]?.stringValue?.hasPrefix("user_") == true)
    #expect(claims["sid"] == nil)
    #expect(claims["exp"]?.intValue == iat + 60)
    #expect(claims["nbf"]?.intValue == iat - 5)
    #expect(claims["iss"]?.stringValue == EmulatorHarness.base)
  }

  @Test("unknown template is 404 resource_not_found naming the template")
  func unknownTemplate() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let response = harness.fapi(
      "POST", "/v1/client/sessions/\(session)/tokens/nope", token: token)
    #expect(response.status == 404)
    let error = try #require(try EmulatorHarness.json(response)["errors"]?.arrayValue?.first)
    #expect(error["code"] == "resource_not_found")
    #expect(error["long_message"] == "No JWT template exists with name: nope")
  }

  @Test("remove, end, DELETE sessions, DELETE client: tokens for dead sessions are 404")
  func signOut() throws {
    let harness = try EmulatorHarness()
    for action in ["remove", "end", "deleteSessions", "deleteClient", "revoke"] {
      let (token, session) = try harness.signIn()
      switch action {
      case "remove", "end":
        let response = harness.fapi(
          "POST", "/v1/client/sessions/\(session)/\(action)", token: token)
        let body = try EmulatorHarness.json(response)
        #expect(body["response"]?["status"]?.stringValue == (action == "end" ? "ended" : "removed"))
        let listed = body["client"]?["sessions"]?.arrayValue?.count
        #expect(listed == (action == "end" ? 1 : 0))
      case "deleteSessions":
        let body = try EmulatorHarness.json(
          harness.fapi("DELETE", "/v1/client/sessions", token: token))
        #expect(body["response"]?["sessions"] == [])
      case "deleteClient":
        let response = harness.fapi("DELETE", "/v1/client", token: token)
        #expect(response.headers["Authorization"] == "")
        #expect(try EmulatorHarness.json(response)["client"] == .null)
      default:
        #expect(
          harness.send(
            "POST", "/__emulator/sessions/\(session)/revoke",
            headers: ["Content-Type": "application/json"], body: Array("{}".utf8)
          ).status == 200)
      }
      let minted = harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token)
      if action == "deleteClient" {
        #expect(minted.status == 401)
        #expect(EmulatorHarness.errorCode(minted) == "authentication_invalid")
      } else {
        #expect(minted.status == 404)
        let error = try #require(try EmulatorHarness.json(minted)["errors"]?.arrayValue?.first)
        #expect(error["code"] == "resource_not_found")
        #expect(error["long_message"]?.stringValue == "No session was found with id \(session)")
        // The client may sign in again once the session is gone.
        let again = harness.fapi(
          "POST", "/v1/client/sign_ins",
          form: [("identifier", "demo@example.com"), ("password", "demo-password")], token: token)
        #expect(again.status == 200)
      }
    }
  }

  @Test("touch, GET session and GET /v1/me")
  func touchAndMe() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    harness.time.advance(5)
    let touched = try EmulatorHarness.json(
      harness.fapi("POST", "/v1/client/sessions/\(session)/touch", token: token))
    #expect(touched["response"]?["last_active_at"]?.intValue == 1_760_000_005_000)
    let got = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/client/sessions/\(session)", token: token))
    #expect(got["response"]?["id"]?.stringValue == session)
    #expect(got["response"]?["user"]?["first_name"] == "Demo")
    let me = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/me?_clerk_session_id=\(session)", token: token))
    #expect(me["response"]?["object"] == "user")
    #expect(
      me["response"]?["email_addresses"]?.arrayValue?.first?["email_address"] == "demo@example.com")
    #expect(harness.fapi("GET", "/v1/me").status == 401)
  }

  @Test("a session past expire_at is expired and mints nothing")
  func expiry() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    harness.time.advance(7 * 86_400)
    let minted = harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token)
    #expect(minted.status == 404)
  }
}

extension EmulatorHarness {
  /// The raw session JWT for `session`.
  func fapiJWT(_ session: String, token: String) throws -> String {
    let body = try Self.json(fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token))
    return try #require(body["jwt"]?.stringValue)
  }
}
