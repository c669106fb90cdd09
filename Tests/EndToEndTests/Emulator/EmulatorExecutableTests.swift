import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlJOSE
import ClerkctlWire
import Foundation
import Testing

/// The built `clerk-emulator` executable: ready line, seed and `--config` data over HTTP,
/// clean exit on SIGTERM, one-line failures.
@Suite("clerk-emulator executable")
struct EmulatorExecutableTests {
  private let http = HTTPClient.curl()
  private let environment = ProcessInfo.processInfo.environment

  /// A native FAPI password sign-in in one request.
  private func signIn(
    _ fapiURL: String, _ email: String, _ password: String
  ) async throws -> HTTPResponse {
    let body = "identifier=\(email.replacingOccurrences(of: "@", with: "%40"))&password=\(password)"
    return try await http.awaitedSend(
      HTTPRequest(
        method: "POST", url: fapiURL + "/v1/client/sign_ins?_is_native=true",
        headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(body.utf8)))
  }

  /// Mints `template` for the session `signIn` created.
  private func mint(
    _ fapiURL: String, signIn: HTTPResponse, template: String
  ) async throws -> HTTPResponse {
    let token = try #require(signIn.headers["Authorization"])
    let session = try #require(
      try JSONValue(parsing: signIn.body)["response"]?["created_session_id"]?.stringValue)
    return try await http.awaitedSend(
      HTTPRequest(
        method: "POST",
        url: fapiURL + "/v1/client/sessions/\(session)/tokens/\(template)?_is_native=true",
        headers: ["Authorization": token]))
  }

  @Test("ready line: seven keys, bases without /v1; the seed signs in; SIGTERM exits 0")
  func seeded() async throws {
    let emulator = try await EmulatorProcess.start()
    let keys = Set(emulator.ready.objectValue?.keys.map { $0 } ?? [])
    #expect(
      keys == [
        "fapi_url", "api_url", "convex_url", "jwks_url", "publishable_key", "secret_key",
        "test_token",
      ])
    // The test surface's token: new each run, long enough not to be guessed.
    #expect((emulator.ready["test_token"]?.stringValue?.count ?? 0) >= 32)
    for url in [emulator.fapiURL, emulator.apiURL, emulator.convexURL] {
      #expect(url.hasPrefix("http://127.0.0.1:"))
      #expect(!url.contains("/v1"))
      #expect(!url.hasSuffix("/"))
    }
    #expect(emulator.jwksURL == emulator.fapiURL + "/.well-known/jwks.json")
    let host = try #require(emulator.fapiURL.split(separator: "/").last)
    #expect(
      emulator.publishableKey
        == PublishableKey.make(frontendAPIHost: String(host), production: false))
    #expect(emulator.secretKey.hasPrefix("sk_test_"))

    let signedIn = try await signIn(emulator.fapiURL, "demo@example.com", "demo-password")
    #expect(signedIn.status == 200)
    #expect(try JSONValue(parsing: signedIn.body)["response"]?["status"] == "complete")
    let minted = try await mint(emulator.fapiURL, signIn: signedIn, template: "convex")
    let jwt = try #require(try JSONValue(parsing: minted.body)["jwt"]?.stringValue)
    let served = try await JWKS(bytes: http.awaitedSend(HTTPRequest(url: emulator.jwksURL)).body)
    let claims = try JWTVerifier(keys: served).verify(
      jwt, options: JWTVerifier.Options(leeway: 5, issuer: emulator.fapiURL, now: Date()))
    #expect(claims["aud"] == "convex")

    let users = try await http.awaitedSend(
      HTTPRequest(
        url: emulator.apiURL + "/v1/users",
        headers: ["Authorization": "Bearer " + emulator.secretKey]))
    #expect(try JSONValue(parsing: users.body).arrayValue?.count == 4)

    #expect(await emulator.stop() == 0)
  }

  @Test("a stopped emulator's port stays refused while its value lives")
  func stoppedPortHeld() async throws {
    let emulator = try await EmulatorProcess.start()
    #expect(await emulator.stop() == 0)
    // No request was made, so no connection lingers in TIME_WAIT there: only the hold stops
    // this bind (and any bind to port 0 from a parallel test's server).
    var code: Int32 = 0
    do {
      let bound = try LoopbackSocket.bind(port: emulator.port)
      close(bound.descriptor)
    } catch let failure as LoopbackSocket.Failure {
      code = failure.code
    }
    #expect(code == EADDRINUSE)
    let refused = await #expect(throws: HTTPError.self) {
      _ = try await http.awaitedSend(HTTPRequest(url: emulator.jwksURL))
    }
    #expect(refused?.kind == .connect, "\(String(describing: refused))")
  }

  @Test("--config replaces the seed users and templates")
  func configured() async throws {
    let directory = TemporaryDirectory()
    let config: JSONValue = [
      "users": [["email": "ci@example.org", "password": "ci-password-1", "first_name": "Ci"]],
      "templates": [
        [
          "name": "backend", "lifetime": 120,
          "claims": ["aud": "my-api", "email": "{{user.primary_email_address}}"],
        ]
      ],
    ]
    let path = directory.file("emulator.json")
    try Data(config.encodedBytes).write(to: URL(fileURLWithPath: path))
    let emulator = try await EmulatorProcess.start(arguments: ["--config", path])

    let seeded = try await signIn(emulator.fapiURL, "demo@example.com", "demo-password")
    #expect(seeded.status == 422)
    #expect(
      try JSONValue(parsing: seeded.body)["errors"]?.arrayValue?.first?["code"]
        == "form_identifier_not_found")

    let signedIn = try await signIn(emulator.fapiURL, "ci@example.org", "ci-password-1")
    #expect(signedIn.status == 200)
    let minted = try await mint(emulator.fapiURL, signIn: signedIn, template: "backend")
    let jwt = try #require(try JSONValue(parsing: minted.body)["jwt"]?.stringValue)
    let claims = try JWT(jwt).payload
    #expect(claims["aud"] == "my-api")
    #expect(claims["email"] == "ci@example.org")
    let iat = try #require(claims["iat"]?.intValue)
    #expect(claims["exp"]?.intValue == iat + 120)
    await #expect(try mint(emulator.fapiURL, signIn: signedIn, template: "convex").status == 404)
    #expect(await emulator.stop() == 0)
  }

  @Test("a port in use fails with a one-line error and a non-zero exit")
  func portInUse() async throws {
    let (descriptor, port) = try LoopbackSocket.listen()
    defer { close(descriptor) }
    let result = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--port", String(port), "--quiet"],
      environment: environment, timeout: 30)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("127.0.0.1:\(port)"))
    #expect(result.stderr.contains("in use"))
  }

  @Test("a bad --config file fails with a one-line error")
  func badConfig() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("broken.json")
    try Data("{\"users\": 3}".utf8).write(to: URL(fileURLWithPath: path))
    let result = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--config", path], environment: environment,
      timeout: 30)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("users"))
  }

  @Test("--help prints usage and exits 0; an unknown option is a one-line usage error, exit 2")
  func help() async throws {
    let help = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--help"], environment: environment, timeout: 30)
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: clerk-emulator"))
    let bad = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--bogus"], environment: environment, timeout: 30)
    #expect(bad.status == 2)
    #expect(bad.stdout == "")
    #expect(
      bad.stderr == "clerk-emulator: unknown option '--bogus' (see 'clerk-emulator --help')\n")
  }
}
