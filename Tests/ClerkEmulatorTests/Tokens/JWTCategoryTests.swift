import ClerkTestSupport
import ClerkctlCore
import ClerkctlJOSE
import Foundation
import Testing

@testable import ClerkEmulator

/// Clerk stamps a category (`cat`) in the header of every JWT it signs with an instance key;
/// Clerk's JS SDK tells session, template and M2M tokens apart by it.
@Suite("JWT category headers")
struct JWTCategoryTests {
  @Test("Clerk's category values")
  func values() {
    #expect(JWTCategory.session.rawValue == "cl_B7d4PD111AAA")
    #expect(JWTCategory.template.rawValue == "cl_B7d4PD222AAA")
    #expect(JWTCategory.m2m.rawValue == "cl_B7d4PD333AAA")
  }

  @Test("every session, template and M2M JWT carries its cat, and still verifies")
  func everyToken() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let fapiSession = try harness.mint(session, token: token)
    let fapiTemplate = try harness.mint(session, token: token, template: "convex")
    func bapiJWT(_ path: String) throws -> JWT {
      let body = try EmulatorHarness.json(harness.bapi("POST", path))
      return try JWT(try #require(body["jwt"]?.stringValue))
    }
    let bapiSession = try bapiJWT("/v1/sessions/\(session)/tokens")
    let bapiTemplate = try bapiJWT("/v1/sessions/\(session)/tokens/convex")
    let machine = try harness.createMachine("ci")
    let m2m = try JWT(
      try #require(
        try harness.createM2MToken(secret: machine.secret, ["token_format": "jwt"])["token"]?
          .stringValue))
    let expected: [(JWT, String)] = [
      (fapiSession, "cl_B7d4PD111AAA"), (bapiSession, "cl_B7d4PD111AAA"),
      (fapiTemplate, "cl_B7d4PD222AAA"), (bapiTemplate, "cl_B7d4PD222AAA"),
      (m2m, "cl_B7d4PD333AAA"),
    ]
    let keys = try JWKS(json: EmulatorHarness.json(harness.bapi("GET", "/v1/jwks")))
    for (jwt, category) in expected {
      #expect(jwt.header["cat"]?.stringValue == category)
      #expect(jwt.header["alg"] == "RS256" && jwt.header["typ"] == "JWT")
      // ClerkKit's verifier ignores the extra header member.
      let compact = [jwt.signingInput, Array(Base64URL.encode(jwt.signature).utf8)]
        .map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
      #expect(
        (try? JWTVerifier(keys: keys).verify(
          compact, options: .init(issuer: EmulatorHarness.base, now: harness.time.now))) != nil)
    }
  }
}
