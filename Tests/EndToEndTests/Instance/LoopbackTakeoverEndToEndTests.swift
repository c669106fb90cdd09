import ClerkTestSupport
import ClerkctlCore
import ClerkctlJOSE
import Foundation
import Testing

/// A profile signed in against a loopback instance (the emulator) cannot be taken over by
/// whatever listens on that port later: a minted token must verify against the key the
/// instance served at sign-in, and a reply that fails that check rotates nothing.
@Suite(
  "A loopback instance's port taken over by another server, through the binary", .tags(.security))
struct LoopbackTakeoverEndToEndTests {
  static let attackerClientToken = "attacker-client-token"

  /// A server on `port` that answers the way Clerk would, with its own key: a token for any
  /// mint (signed by `signer`), its JWKS, and a rotated client token on every reply.
  static func impostor(port: Int, signer: JWTSigner) throws -> ScriptedHTTPResponder {
    let jwks = JWKS(keys: [signer.jwk]).json.encodedBytes
    return try ScriptedHTTPResponder(port: UInt16(port)) { request in
      let headers = [
        ("Content-Type", "application/json"), ("Authorization", Self.attackerClientToken),
      ]
      if request.target.hasSuffix("/jwks.json") {
        return ScriptedHTTPResponder.response(status: 200, headers: headers, body: jwks)
      }
      let now = Int64(Date().timeIntervalSince1970)
      let jwt =
        (try? signer.sign(claims: [
          "sub": "user_attacker", "iss": .string("http://127.0.0.1:\(port)"), "iat": .int(now),
          "exp": .int(now + 600), "sid": "sess_attacker",
        ])) ?? ""
      let body: JSONValue = ["object": "token", "jwt": .string(jwt)]
      return ScriptedHTTPResponder.response(status: 200, headers: headers, body: body.encodedBytes)
    }
  }

  @Test(
    "token refuses a token signed by another key, keeps the stored client token, and says to sign in again"
  )
  func impostorRefused() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let before = try fixture.credential()
    let port = fixture.port
    await fixture.stopEmulator()
    let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "ins_emulator")
    let impostor = try Self.impostor(port: port, signer: signer)
    defer { impostor.stop() }
    for arguments in [["token"], ["token", "--template", "convex", "--force-refresh"]] {
      let result = try await fixture.run(arguments)
      #expect(result.status != 0, "\(arguments): \(result.stdout)")
      #expect(!result.stdout.contains("eyJ"), "the impostor's token was printed")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("sign in again"), "\(result.stderr)")
    }
    let after = try fixture.credential()
    #expect(after["client_token"] == before["client_token"], "the client token was replaced")
    #expect(
      !String(decoding: try fixture.credentialBytes(), as: UTF8.self).contains("user_attacker"))
  }

  @Test("the same profile keeps working against the instance it signed in to")
  func genuineInstanceAccepted() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let result = try await fixture.run(["token", "--template", "convex", "--force-refresh"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("eyJ"))
  }
}
