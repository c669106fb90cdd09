import ClerkTestSupport
import ClerkctlCore
import ClerkctlJOSE
import Foundation
import Testing

/// What the process environment and limits can do to a run: `SSLKEYLOGFILE` is ignored (no
/// TLS key log), `ulimit -f` is an error with a message rather than a silent SIGXFSZ, and a
/// response head too big for libcurl is named as such.
@Suite("Process environment and limits, through the binary", .tags(.security))
struct ProcessLimitsEndToEndTests {
  @Test("SSLKEYLOGFILE is ignored: no TLS secrets are written")
  func keyLogIgnored() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "k")
    let jwt = try signer.sign(claims: ["sub": "user_x", "iss": "https://x.example"])
    let server = try await TLSTestServer.start(body: JWKS(keys: [signer.jwk]).json.encodedBytes)
    let keyLog = sandbox.home.file("keys.log")
    let result = try await sandbox.run(
      ["jwt", "verify", jwt, "--jwks", server.url("/jwks.json")],
      extra: ["SSLKEYLOGFILE": keyLog, "CLERKCTL_CA_BUNDLE": try TLSTestServer.caPath])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: keyLog), "a TLS key log was written")
  }

  /// Not under ThreadSanitizer: its runtime dies (SIGXFSZ, SIGBUS) in any process whose file
  /// size is limited (`ulimit -f`, however high; even `clerkctl --version`), so clerkctl's own
  /// handling cannot be seen.
  @Test(
    "ulimit -f: writing past it is an error with a message, not a SIGXFSZ death",
    .disabled(if: Sanitizer.current == "thread", "ThreadSanitizer cannot run under ulimit -f"))
  func fileSizeLimit() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let sandbox = CLIFixture.withoutEmulator()
    let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "k")
    let jwt = try signer.sign(claims: [
      "sub": .string(String(repeating: "x", count: 4096)), "iss": "https://x.example",
    ])
    let out = sandbox.home.file("out.json")
    let result = try await ProcessRun.run(
      "/bin/bash",
      [
        "-c", "ulimit -f 1; exec \"$0\" jwt decode \"$1\" > \"$2\"", BuiltProducts.path("clerkctl"),
        jwt, out,
      ],
      environment: sandbox.environment)
    #expect(result.status != 128 + SIGXFSZ && !result.signaled, "killed: \(result)")
    #expect(result.status != 0, "\(result)")
    #expect(result.stderr.contains("standard output"), "\(result.stderr)")
  }

  @Test("a response head larger than libcurl takes is reported as too large")
  func headerTooBig() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    let huge = String(repeating: "a", count: 300_000)
    let server = try ScriptedHTTPResponder { _ in
      ScriptedHTTPResponder.response(
        status: 200, headers: [("X-Big", huge)], body: Array("{}".utf8))
    }
    defer { server.stop() }
    let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "k")
    let jwt = try signer.sign(claims: ["sub": "user_x", "iss": "https://x.example"])
    let result = try await sandbox.run(["jwt", "verify", jwt, "--jwks", server.url("/jwks.json")])
    #expect(result.status == 5, "\(result.stderr)")
    #expect(!result.stderr.contains("Out of memory"), "\(result.stderr)")
    #expect(result.stderr.contains("too large"), "\(result.stderr)")
  }
}
