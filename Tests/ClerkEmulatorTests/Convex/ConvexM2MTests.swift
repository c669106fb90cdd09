import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlHTTP

/// A Convex deployment's Clerk provider (`{domain: FAPI URL, applicationID: "convex"}`) takes an
/// M2M JWT minted with `claims: {"aud": "convex"}`: its `iss` is the FAPI URL, its one audience
/// `convex`, its `typ` `JWT`; the identity's subject is the machine.
@Suite("Convex-style API: M2M JWTs")
struct ConvexM2MTests {
  private func whoami(_ harness: EmulatorHarness, _ token: String) throws -> JSONValue {
    let body: JSONValue = ["path": "users:whoami", "args": [:], "format": "json"]
    return try EmulatorHarness.json(
      harness.send(
        "POST", "/api/query",
        headers: ["Content-Type": "application/json", "Authorization": "Bearer " + token],
        body: body.encodedBytes))
  }

  private func mint(
    _ harness: EmulatorHarness, secret: String, claims: JSONValue, ttl: Int64 = 60
  ) throws -> String {
    try #require(
      try harness.createM2MToken(
        secret: secret,
        ["token_format": "jwt", "claims": claims, "seconds_until_expiration": .int(ttl)])["token"]?
        .stringValue)
  }

  @Test("an M2M JWT with aud convex is accepted; the identity is the machine")
  func accepted() throws {
    let harness = try EmulatorHarness()
    let machine = try harness.createMachine("ci")
    let token = try mint(harness, secret: machine.secret, claims: ["aud": "convex", "team": "ops"])
    let reply = try whoami(harness, token)
    #expect(reply["status"] == "success")
    let identity = try #require(reply["value"])
    #expect(identity["subject"]?.stringValue == machine.id)
    #expect(identity["issuer"]?.stringValue == EmulatorHarness.base)
    #expect(identity["tokenIdentifier"]?.stringValue == EmulatorHarness.base + "|" + machine.id)
    #expect(identity["team"] == "ops")
    #expect(identity["jti"] == nil && identity["nbf"] == nil)
  }

  @Test("without aud convex, with another audience besides it, expired, or opaque: refused")
  func refused() throws {
    let harness = try EmulatorHarness()
    let machine = try harness.createMachine("ci")
    let noAudience = try mint(harness, secret: machine.secret, claims: ["team": "ops"])
    #expect(try whoami(harness, noAudience)["code"] == "NoAuthProvider")
    let twoAudiences = try mint(harness, secret: machine.secret, claims: ["aud": ["convex", "x"]])
    #expect(try whoami(harness, twoAudiences)["code"] == "Unauthenticated")
    let short = try mint(harness, secret: machine.secret, claims: ["aud": "convex"], ttl: 5)
    #expect(try whoami(harness, short)["status"] == "success")
    harness.advanceClock(5)
    #expect(try whoami(harness, short)["code"] == "Unauthenticated")
    let opaque = try #require(
      try harness.createM2MToken(secret: machine.secret, ["claims": ["aud": "convex"]])["token"]?
        .stringValue)
    #expect(try whoami(harness, opaque)["code"] == "InvalidAuthHeader")
  }
}
