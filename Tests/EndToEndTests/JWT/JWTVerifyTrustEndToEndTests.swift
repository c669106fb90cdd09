import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE
import Foundation
import Testing

/// `jwt verify` never trusts the token about itself: without --issuer or --jwks the issuer is
/// the selected profile's instance, a token naming another is exit 9 before any key is
/// fetched, and no profile is a usage error; an oversized input is refused unread.
@Suite("jwt verify never trusts the token about itself", .tags(.security))
struct JWTVerifyTrustEndToEndTests {
  /// An attacker's OIDC issuer on loopback: serves discovery and its own key, and counts the
  /// requests it gets (there must be none).
  final class AttackerIssuer: Sendable {
    let server: HTTPServer
    let signer: JWTSigner
    private let hits: Hits

    init() throws {
      let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "attacker")
      self.signer = signer
      let jwks = JWKS(keys: [signer.jwk]).json.encodedBytes
      let hits = Hits()
      self.hits = hits
      server = HTTPServer { request in
        hits.add()
        let issuer = "http://" + (request.headers["Host"] ?? "127.0.0.1")
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let document: JSONValue = [
          "issuer": .string(issuer), "jwks_uri": .string(issuer + "/jwks.json"),
        ]
        let body = request.path == "/jwks.json" ? jwks : document.encodedBytes
        return HTTPServerResponse(HTTPResponse(status: 200, headers: json, body: body))
      }
      try server.start()
    }

    var url: String { "http://127.0.0.1:\(server.port)" }
    var requestCount: Int { hits.value }

    /// A token for `sub` that the attacker signed, naming itself (or `iss`) as issuer.
    func token(iss: String? = nil) throws -> String {
      let now = Int64(Date().timeIntervalSince1970)
      return try signer.sign(claims: [
        "iss": .string(iss ?? url), "sub": "user_victim", "aud": "convex", "iat": .int(now - 5),
        "exp": .int(now + 600),
      ])
    }
  }

  /// How many requests a server got.
  final class Hits: Sendable {
    private let count = Lock(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  @Test("A self-signed token naming its own issuer, no profile: exit 2, nothing fetched")
  func noProfile() async throws {
    let attacker = try AttackerIssuer()
    defer { attacker.server.stop() }
    let sandbox = CLIFixture.withoutEmulator()
    let result = try await sandbox.run(["jwt", "verify", try attacker.token()])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(attacker.requestCount == 0)
  }

  @Test("Signed in: the profile's instance is the issuer; a foreign iss is exit 9 unfetched")
  func profileInstance() async throws {
    let attacker = try AttackerIssuer()
    defer { attacker.server.stop() }
    let env = try await CLIFixture.signedIn(.binary)
    let forged = try await env.run(["jwt", "verify", try attacker.token()])
    #expect(forged.status == 9, "\(forged.stderr)")
    #expect(forged.stdout.isEmpty)
    #expect(forged.stderr.contains(env.fapiURL), "\(forged.stderr)")
    #expect(attacker.requestCount == 0)

    let token = try await env.run(["token", "--template", "convex"])
    try #require(token.status == 0, "\(token.stderr)")
    let verified = try await env.run(["jwt", "verify", "-"], stdin: token.stdout)
    #expect(verified.status == 0, "\(verified.stderr)")
    #expect(try JSONValue(parsing: verified.stdout)["sub"]?.stringValue == env.userID)
  }

  @Test("Input over 64 KiB is exit 9: an argument, a file piped in, an endless stdin")
  func oversized() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    let big = String(repeating: "a", count: 64 * 1024 + 1)
    let argument = try await sandbox.run(["jwt", "verify", "--issuer", "https://example.com", big])
    #expect(argument.status == 9, "\(argument.stderr)")
    #expect(argument.stderr.contains("64 KiB"))
    let piped = try await sandbox.run(["jwt", "decode"], stdin: big)
    #expect(piped.status == 9, "\(piped.stderr)")

    // An endless stdin: read all of it and the run never ends (or fills memory).
    let zero = open("/dev/zero", O_RDONLY | O_CLOEXEC)
    try #require(zero >= 0)
    defer { close(zero) }
    let child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), ["jwt", "verify", "--issuer", "https://example.com", "-"],
      environment: sandbox.environment, input: .descriptor(zero))
    let exit = await child.waitForExit(timeout: 30)
    #expect(exit.status != -1, "jwt verify kept reading an endless stdin")
    #expect(exit == SpawnedProcess.Exit(status: 9, signaled: false))
  }
}
