import ClerkTestSupport
import ClerkctlCore
import ClerkctlJOSE
import Foundation
import Testing

/// `--cacert` and `CLERKCTL_CA_BUNDLE` through the built binary: `clerkctl jwt verify --jwks
/// https://…` against a real loopback HTTPS server whose certificate only the test CA vouches for.
@Suite struct TLSTrustTests {
  let sandbox = CLIFixture.withoutEmulator()
  let token: String
  let jwks: [UInt8]

  init() throws {
    let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "tls-key")
    let now = Int64(Date().timeIntervalSince1970)
    token = try signer.sign(claims: [
      "sub": "user_tls", "iat": .int(now - 5), "exp": .int(now + 600),
    ])
    jwks = JWKS(keys: [signer.jwk]).json.encodedBytes
  }

  @Test("verify fetches the JWKS over https with the CA from --cacert or CLERKCTL_CA_BUNDLE")
  func trustedByCABundle() async throws {
    let server = try await TLSTestServer.start(body: jwks)
    let ca = try TLSTestServer.caPath
    let jwksURL = server.url("/jwks.json")
    let runs: [([String], [String: String])] = [
      (["jwt", "verify", token, "--jwks", jwksURL, "--cacert", ca], [:]),
      (["jwt", "verify", token, "--jwks", jwksURL], ["CLERKCTL_CA_BUNDLE": ca]),
    ]
    for (arguments, environment) in runs {
      let result = try await sandbox.run(arguments, extra: environment)
      #expect(result.status == 0, "\(environment): \(result.stderr)")
      #expect(try JSONValue(parsing: result.stdout)["sub"] == "user_tls")
    }
  }

  @Test("without the CA the https JWKS fetch fails TLS verification with exit 5")
  func untrustedWithoutCABundle() async throws {
    let server = try await TLSTestServer.start(body: jwks)
    let result = try await sandbox.run(["jwt", "verify", token, "--jwks", server.url("/jwks.json")])
    #expect(result.status == 5, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("TLS failure with 127.0.0.1:\(server.port)"), "\(result.stderr)")
  }

  @Test("a certificate for another host name fails with exit 5 even with --cacert")
  func wrongHostWithCABundle() async throws {
    let server = try await TLSTestServer.start(certificate: .wrongHost, body: jwks)
    let result = try await sandbox.run([
      "jwt", "verify", token, "--jwks", server.url("/jwks.json"), "--cacert",
      try TLSTestServer.caPath,
    ])
    #expect(result.status == 5, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("TLS failure"), "\(result.stderr)")
  }
}
