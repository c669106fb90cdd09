import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation
import Testing

/// `api`, `convex`, `doctor` and `logout` on a machine profile, through the built binary
/// against the emulator over loopback.
@Suite("api, convex, doctor and logout on a machine profile, end to end")
struct MachineProfileCommandsEndToEndTests {
  @Test("api sends an M2M token as Bearer, never the machine secret; options choose the token")
  func api() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    let backend = try RecordingBackend { _, _ in
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
    }
    let opaque = try await fixture.run(["api", backend.url + "/hook"])
    #expect(opaque.status == 0, "\(opaque.stderr)")
    let jwt = try await fixture.run([
      "api", "--token-format", "jwt", "--claims", #"{"aud":"hooks"}"#, backend.url + "/hook",
    ])
    #expect(jwt.status == 0, "\(jwt.stderr)")
    let tokens = backend.bearerTokens
    try #require(tokens.count == 2)
    #expect(tokens[0].hasPrefix("mt_"))
    #expect(try JWT(tokens[1]).payload["aud"]?.stringValue == "hooks")
    #expect(try JWT(tokens[1]).payload["sub"]?.stringValue == MachineFixture.ciID)
    for request in backend.requests {
      #expect(!(request.headers["Authorization"] ?? "").contains(MachineFixture.ciSecret))
      #expect(!String(decoding: request.body, as: UTF8.self).contains(MachineFixture.ciSecret))
    }
    #expect(try await fixture.run(["api", "--template", "convex", backend.url]).status == 2)
  }

  @Test("convex query works as a machine: a JWT M2M token with aud convex")
  func convex() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    let url = fixture.bench.emulator.convexURL
    let result = try await fixture.run(["convex", "query", "users:whoami", "--url", url])
    #expect(result.status == 0, "\(result.stderr)")
    let identity = try JSONValue(parsing: result.stdout)
    #expect(identity["subject"]?.stringValue == MachineFixture.ciID)
    // The token is cached: a second call creates nothing.
    let before = try await fixture.creationRequests()
    #expect(try await fixture.run(["convex", "query", "users:whoami", "--url", url]).status == 0)
    #expect(try await fixture.creationRequests() == before)
    // Claims without aud convex are what Convex refuses (exit 1, explained).
    let refused = try await fixture.run([
      "convex", "query", "users:whoami", "--url", url, "--claims", #"{"aud":"other"}"#,
    ])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("NoAuthProvider"), "\(refused.stderr)")
  }

  @Test("doctor: secret accepted, a token mints, the JWT verifies through discovery; refused: 4")
  func doctor() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    let result = try await fixture.run(["--json", "doctor"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let checks = try JSONValue(parsing: result.stdout)["checks"]?.arrayValue ?? []
    let passed = checks.filter { $0["ok"] == true }.compactMap { $0["check"]?.stringValue }
    for name in ["secret accepted", "token mints", "category", "sub", "signature", "clock"] {
      #expect(passed.contains(name), "\(name): \(result.stdout)")
    }
    #expect(!result.stdout.contains(MachineFixture.ciSecret))

    // A secret rotated out with no grace: exit 4, naming login --machine.
    let rotated = try await fixture.run(
      ["machine", "rotate-secret", MachineFixture.ciID, "--grace", "0"],
      extra: ["CLERK_SECRET_KEY": fixture.bench.secretKey])
    try #require(rotated.status == 0, "\(rotated.stderr)")
    let refused = try await fixture.run(["doctor"])
    #expect(refused.status == 4, "\(refused.stdout)")
    #expect(refused.stdout.contains("clerkctl login --machine"))
  }

  @Test("logout drops a machine profile locally, says there is no session, sends nothing")
  func logout() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    try await fixture.bench.admin.clearRequests()
    let result = try await fixture.run(["--json", "logout"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("no session to end"), "\(result.stderr)")
    let entry = try JSONValue(parsing: result.stdout)["signed_out"]?.arrayValue?.first
    #expect(entry?["kind"] == "machine" && entry?["revoked"] == false)
    #expect(try await fixture.bench.admin.requests().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.bench.credentialPath()))
    #expect(try await fixture.run(["token"]).status == 4)
  }
}
