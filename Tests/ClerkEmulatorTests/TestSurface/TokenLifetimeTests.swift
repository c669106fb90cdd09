import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

@Suite("Test surface: token lifetimes below Clerk's minimum")
struct TokenLifetimeTests {
  private func setLifetime(
    _ harness: EmulatorHarness, _ name: String, _ body: JSONValue
  ) -> HTTPResponse {
    harness.send(
      "POST", "/__emulator/jwt_templates/\(name)", headers: ["Content-Type": "application/json"],
      body: body.encodedBytes)
  }

  @Test("a template's lifetime drops to 5 s for the next mint")
  func templateLifetime() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let before = try harness.mint(session, token: token, template: "convex")
    #expect(before.payload["exp"]!.intValue! - before.payload["iat"]!.intValue! == 60)
    let reply = setLifetime(harness, "convex", ["lifetime": 5])
    #expect(reply.status == 200)
    #expect(try EmulatorHarness.json(reply)["lifetime"] == 5)
    let after = try harness.mint(session, token: token, template: "convex")
    #expect(after.payload["exp"]!.intValue! - after.payload["iat"]!.intValue! == 5)
  }

  @Test("'session' sets the session token's lifetime")
  func sessionLifetime() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    #expect(setLifetime(harness, "session", ["lifetime": 3]).status == 200)
    let jwt = try harness.mint(session, token: token)
    #expect(jwt.payload["exp"]!.intValue! - jwt.payload["iat"]!.intValue! == 3)
  }

  @Test("an unknown template is 404; a missing or non-positive lifetime is 422")
  func badInput() throws {
    let harness = try EmulatorHarness()
    let missing = setLifetime(harness, "nope", ["lifetime": 5])
    #expect(missing.status == 404)
    for body: JSONValue in [[:], ["lifetime": 0], ["lifetime": -3], ["lifetime": "5"]] {
      let reply = setLifetime(harness, "convex", body)
      #expect(reply.status == 422, "\(body.encoded)")
    }
  }

  @Test("only loopback peers may change lifetimes")
  func loopbackOnly() throws {
    let harness = try EmulatorHarness()
    let reply = harness.send(
      "POST", "/__emulator/jwt_templates/convex", headers: ["Content-Type": "application/json"],
      body: (["lifetime": 5] as JSONValue).encodedBytes, remote: "203.0.113.9")
    #expect(reply.status == 403)
  }
}
