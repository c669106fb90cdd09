import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import ClerkctlKit
import Foundation
import Testing

/// Numbers from outside (a token's `exp`/`iat`/`nbf`, a cached token's times, a request's
/// `expires_in_seconds`) never trap: the commands and the emulator report or clamp them.
@Suite("Numbers near Int64's limits, through the binaries", .tags(.security))
struct NumericOverflowEndToEndTests {
  static let extremes: [Int64] = [.min, .min + 1, .max, .max - 1, -86_399, 0]

  func token(_ claim: String, _ value: Int64) throws -> String {
    let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "overflow")
    var claims: [String: JSONValue] = ["sub": "user_x", "iss": "https://issuer.example"]
    claims[claim] = .int(value)
    return try signer.sign(claims: .object(claims))
  }

  @Test("jwt decode and jwt verify of exp, iat and nbf near Int64.min and max do not crash")
  func decodeAndVerify() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "overflow")
    let jwks = sandbox.home.file("jwks.json")
    try Data(JWKS(keys: [signer.jwk]).json.encodedBytes).write(to: URL(fileURLWithPath: jwks))
    for claim in ["exp", "iat", "nbf"] {
      for value in Self.extremes {
        let jwt = try token(claim, value)
        let decoded = try await sandbox.run(["jwt", "decode", jwt])
        #expect(!decoded.signaled && decoded.status == 0, "decode \(claim)=\(value): \(decoded)")
        let verified = try await sandbox.run([
          "jwt", "verify", jwt, "--jwks", jwks, "--issuer", "https://issuer.example",
        ])
        #expect(
          !verified.signaled && [0, 9].contains(verified.status),
          "verify \(claim)=\(value): \(verified.status) \(verified.stderr)")
      }
    }
  }

  @Test("status with a cached token whose times are near Int64's limits does not crash")
  func statusWithExtremeCache() async throws {
    for value in Self.extremes {
      let sandbox = CLIFixture.withoutEmulator()
      let store = ProfileStore(directory: ConfigDirectory(path: sandbox.configDir))
      var credential = ProfileCredential(
        profile: "default", fapiURL: "http://127.0.0.1:9", clientToken: "client_x",
        sessionID: "sess_x", userID: "user_x", email: "x@example.com", signedInAt: value,
        clockSkew: value == .min ? -1e300 : 0)
      credential.cache(
        CachedToken(
          jwt: "a.b.c", template: nil, issuedAt: value, expiresAt: value,
          instance: "http://127.0.0.1:9"),
        sessionID: "sess_x")
      try store.save(credential)
      for arguments in [["status"], ["status", "--json"], ["whoami", "--offline"]] {
        let result = try await sandbox.run(arguments)
        #expect(!result.signaled && result.status != 132, "\(arguments) \(value): \(result)")
      }
    }
  }

  @Test("the emulator refuses a huge expires_in_seconds with 400 and keeps running")
  func emulatorClampsLifetimes() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let userID = fixture.userID
    for path in ["/v1/sign_in_tokens", "/v1/actor_tokens"] {
      for seconds in [Int64.max, Int64.max / 1000 + 1, 315_360_001] {
        let response = try await fixture.backend(
          "POST", path,
          json: [
            "user_id": .string(userID), "expires_in_seconds": .int(seconds),
            "actor": ["sub": "user_admin"],
          ])
        #expect(response.status == 422 || response.status == 400, "\(path) \(seconds)")
      }
    }
    #expect(try await fixture.run(["whoami"]).status == 0, "the emulator still answers")
  }
}
