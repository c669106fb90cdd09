import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation
import Testing

/// The built `clerk-emulator`'s start: ready before its signing key exists (the key is
/// generated in the background, or read from `--key-file`), a key file written once and
/// reused, a bad one refused before the ready line, and `--version`.
@Suite("clerk-emulator start and key file")
struct EmulatorStartTests {
  private let http = HTTPClient.curl()
  private let environment = ProcessInfo.processInfo.environment

  /// The JWKS the emulator serves.
  private func jwks(_ emulator: EmulatorProcess) async throws -> JWKS {
    let reply = try await http.awaitedSend(HTTPRequest(url: emulator.jwksURL))
    #expect(reply.status == 200)
    return try JWKS(bytes: reply.body)
  }

  /// Signs demo@example.com in and mints a `convex` token; returns the JWT.
  private func mint(_ emulator: EmulatorProcess) async throws -> String {
    let signIn = try await http.awaitedSend(
      HTTPRequest(
        method: "POST", url: emulator.fapiURL + "/v1/client/sign_ins?_is_native=true",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array("identifier=demo%40example.com&password=demo-password".utf8)))
    #expect(signIn.status == 200)
    let token = try #require(signIn.headers["Authorization"])
    let session = try #require(
      try JSONValue(parsing: signIn.body)["response"]?["created_session_id"]?.stringValue)
    let minted = try await http.awaitedSend(
      HTTPRequest(
        method: "POST",
        url: emulator.fapiURL + "/v1/client/sessions/\(session)/tokens/convex?_is_native=true",
        headers: ["Authorization": token]))
    #expect(minted.status == 200)
    return try #require(try JSONValue(parsing: minted.body)["jwt"]?.stringValue)
  }

  @Test("a plain start: requests sent right after the ready line wait for the key and succeed")
  func firstRequestsRaceTheKey() async throws {
    let emulator = try await EmulatorProcess.start(signingKey: .emulatorsOwn)
    // Sent at once, while the key is most likely still being generated.
    async let served = jwks(emulator)
    async let token = mint(emulator)
    let (keys, jwt) = try await (served, token)
    let claims = try JWTVerifier(keys: keys).verify(
      jwt, options: .init(leeway: 5, issuer: emulator.fapiURL, now: Date()))
    #expect(claims["aud"] == "convex")
    #expect(await emulator.stop() == 0)
  }

  @Test("SIGTERM while the key is still being generated: the emulator waits for it, exits 0")
  func stopDuringGeneration() async throws {
    for _ in 0..<3 {
      let emulator = try await EmulatorProcess.start(signingKey: .emulatorsOwn)
      #expect(await emulator.stop() == 0)
    }
  }

  @Test("--key-file: created (0600) at the first start, reused by the next: same kid and key")
  func keyFileReused() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("signing.pem")
    let first = try await EmulatorProcess.start(arguments: ["--key-file", path])
    let firstKeys = try await jwks(first)
    let jwt = try await mint(first)
    #expect(TemporaryDirectory.mode(of: path) == 0o600)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    let kid = try #require(firstKeys.keys.first?.kid)
    #expect(written.hasPrefix("clerk-emulator instance \(kid)\n-----BEGIN PRIVATE KEY-----\n"))
    #expect(try JWT(jwt).keyID == kid)
    #expect(await first.stop() == 0)

    let second = try await EmulatorProcess.start(arguments: ["--key-file", path])
    let secondKeys = try await jwks(second)
    #expect(secondKeys.keys.map(\.kid) == firstKeys.keys.map(\.kid))
    #expect(secondKeys == firstKeys)
    #expect(firstKeys.keys.first?.kid.hasPrefix("ins_") == true)
    // A token the first run signed verifies against the second run's keys (judged at its own
    // issue time: the suite may keep this test waiting longer than the token lives).
    let issued = try #require(try JWT(jwt).payload["iat"]?.intValue)
    let claims = try JWTVerifier(keys: secondKeys).verify(
      jwt,
      options: .init(
        leeway: 5, issuer: first.fapiURL, now: Date(timeIntervalSince1970: Double(issued))))
    #expect(claims["aud"] == "convex")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == written, "the key was rewritten")
    #expect(await second.stop() == 0)
  }

  @Test("--config's key_file, relative to the config file, is created and reused the same way")
  func configKeyFile() async throws {
    let directory = TemporaryDirectory()
    let config = directory.file("emulator.json")
    let body = #"""
      {"users": [{"email": "demo@example.com", "password": "demo-password"}],
       "templates": [{"name": "convex", "claims": {"aud": "convex"}}],
       "key_file": "emulator-key.pem"}
      """#
    try Data(body.utf8).write(to: URL(fileURLWithPath: config))
    let first = try await EmulatorProcess.start(
      arguments: ["--config", config], signingKey: .emulatorsOwn)
    let firstKeys = try await jwks(first)
    #expect(await first.stop() == 0)
    #expect(TemporaryDirectory.mode(of: directory.file("emulator-key.pem")) == 0o600)
    let second = try await EmulatorProcess.start(
      arguments: ["--config", config], signingKey: .emulatorsOwn)
    #expect(try await jwks(second) == firstKeys)
    #expect(await second.stop() == 0)
  }

  @Test("a key file that holds no RSA key: one line on stderr, nothing on stdout, exit 1")
  func badKeyFile() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("broken.pem")
    try Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let result = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--port", "0", "--key-file", path],
      environment: environment, timeout: 30)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
    #expect(result.stderr.hasPrefix("clerk-emulator: key file \(path) holds no"))
    // Refused, not replaced.
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("AAAA"))

    let nowhere = directory.file("missing/key.pem")
    let missing = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--port", "0", "--key-file", nowhere],
      environment: environment, timeout: 30)
    #expect(missing.status == 1)
    #expect(missing.stdout == "")
    #expect(
      missing.stderr == "clerk-emulator: cannot create key file \(nowhere): its directory "
        + "\(directory.file("missing")): No such file or directory\n")
  }

  @Test("--version prints the version and exits 0")
  func version() async throws {
    let result = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--version"], environment: environment, timeout: 30)
    #expect(result.status == 0)
    #expect(result.stdout == "clerk-emulator \(ClerkVersion.current)\n")
    #expect(result.stderr == "")
  }
}
