import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation
import Testing

@testable import ClerkEmulator

/// The built `clerk-emulator` over loopback, with a real headless Chromium signing in and
/// consenting on its `/oauth/authorize` pages (driven over the DevTools protocol by
/// `Fixtures/python/chromium_oauth_consent.py`, which types and clicks as a person would), and
/// the test as the redirect target: a loopback listener on a port the client picks, matched
/// by the registered portless `http://127.0.0.1/callback`.
@Suite("OAuth provider with a real browser", .serialized)
struct OAuthChromiumTests {
  static let chromium = "/usr/bin/chromium"

  /// A loopback listener that records the redirects it gets.
  final class RedirectTarget: Sendable {
    let server: HTTPServer
    let seen = Lock<[String]>([])

    init() throws {
      let seen = self.seen
      server = HTTPServer { request in
        seen.withLock { $0.append(request.target) }
        return HTTPServerResponse(
          HTTPResponse(
            status: 200, headers: ["Content-Type": "text/plain"],
            body: Array("Signed in; return to the terminal.\n".utf8)))
      }
      try server.start()
    }

    var redirectURI: String { "http://127.0.0.1:\(server.port)/callback" }
  }

  private func drive(
    _ url: String, target: RedirectTarget, input: String, profile: String
  ) async throws -> ProcessResult {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    let script = root.appendingPathComponent("python/chromium_oauth_consent.py").path
    var environment = ProcessInfo.processInfo.environment
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    return try await ProcessRun.run(
      "/usr/bin/env", ["python3", script, Self.chromium, url, target.redirectURI, profile],
      environment: environment, stdin: input, timeout: 200)
  }

  @Test("sign in and Allow in Chromium: the code reaches the loopback target and exchanges")
  func allow() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.chromium),
      "Chromium is missing: 'make test' installs it (Scripts/setup.sh chromium)")
    let emulator = try await EmulatorProcess.start()
    let target = try RedirectTarget()
    defer { target.server.stop() }
    let profile = TemporaryDirectory(prefix: "oauth-chromium")
    let verifier = Base64URL.encode(SecureRandom.bytes(32))
    let challenge = Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
    let state = Base64URL.encode(SecureRandom.bytes(16))
    let url =
      emulator.fapiURL + "/oauth/authorize?"
      + FormEncoding.encode([
        ("response_type", "code"), ("client_id", "demo_public_client"),
        ("redirect_uri", target.redirectURI), ("scope", "openid profile email offline_access"),
        ("state", state), ("code_challenge", challenge), ("code_challenge_method", "S256"),
        ("nonce", "n-0S6_WzA2Mj"),
      ])
    let result = try await drive(
      url, target: target, input: "demo@example.com\ndemo-password\n", profile: profile.path)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.contains("signed in, consented"))
    let seen = target.seen.withLock { $0 }
    let callback = try #require(seen.first, "the browser never reached the redirect target")
    let query = FormData(encoded: String(callback.split(separator: "?").last ?? ""))
    #expect(query["state"] == state)
    let code = try #require(query["code"])

    let http = HTTPClient.curl()
    let token = try await http.awaitedSend(
      HTTPRequest(
        method: "POST", url: emulator.fapiURL + "/oauth/token",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array(
          FormEncoding.encode([
            ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", target.redirectURI), ("client_id", "demo_public_client"),
            ("code_verifier", verifier),
          ]).utf8)))
    #expect(token.status == 200, "\(token.bodyText)")
    let reply = try JSONValue(parsing: token.body)
    let access = try #require(reply["access_token"]?.stringValue)
    #expect(try JWTParts(access).header()["typ"] == "at+jwt")
    let idToken = try JWTParts(try #require(reply["id_token"]?.stringValue)).payload()
    #expect(idToken["nonce"] == "n-0S6_WzA2Mj")
    #expect(idToken["email"] == "demo@example.com")
    let resource = try await http.awaitedSend(
      HTTPRequest(
        method: "GET", url: emulator.fapiURL + "/mcp",
        headers: ["Authorization": "Bearer \(access)"]
      ))
    #expect(resource.status == 200)
    await #expect(emulator.stop() == 0)
  }

  @Test("Deny in Chromium: access_denied and the state reach the target, no code")
  func deny() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.chromium),
      "Chromium is missing: 'make test' installs it (Scripts/setup.sh chromium)")
    let emulator = try await EmulatorProcess.start()
    let target = try RedirectTarget()
    defer { target.server.stop() }
    let profile = TemporaryDirectory(prefix: "oauth-chromium")
    let challenge = Base64URL.encode(SHA256.hash(Array("x".utf8)))
    let url =
      emulator.fapiURL + "/oauth/authorize?"
      + FormEncoding.encode([
        ("response_type", "code"), ("client_id", "demo_public_client"),
        ("redirect_uri", target.redirectURI), ("scope", "email"), ("state", "deny-state-1"),
        ("code_challenge", challenge), ("code_challenge_method", "S256"),
      ])
    let result = try await drive(
      url, target: target, input: "demo@example.com\ndemo-password\ndeny\n", profile: profile.path)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let callback = try #require(target.seen.withLock { $0 }.first)
    let query = FormData(encoded: String(callback.split(separator: "?").last ?? ""))
    #expect(query["error"] == "access_denied")
    #expect(query["state"] == "deny-state-1")
    #expect(query["code"] == nil)
    await #expect(emulator.stop() == 0)
  }
}
