import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation
import Testing

/// API keys, impersonation and short tickets through the built binary against the emulator
/// over loopback.
@Suite("API keys, impersonation and short tickets, end to end", .tags(.security))
struct APIKeyEndToEndTests {
  /// A backend that checks every request's bearer with the Backend API's verify (as a backend
  /// on Clerk's SDK does) and answers 200 with the key's subject, or 401.
  private static func verifyingBackend(
    apiURL: String, secretKey: String
  ) throws
    -> RecordingBackend
  {
    let http = HTTPClient.curl()
    return try RecordingBackend { _, request in
      let bearer = request.headers["Authorization"].map { String($0.dropFirst("Bearer ".count)) }
      var verify = HTTPRequest(method: "POST", url: apiURL + "/api_keys/verify")
      verify.headers.add(name: "Authorization", value: "Bearer " + secretKey)
      verify.headers.add(name: "Content-Type", value: "application/json")
      verify.body = (["secret": .string(bearer ?? "")] as JSONValue).encodedBytes
      guard let reply = try? http.send(verify), reply.status == 200,
        let subject = (try? JSONValue(parsing: reply.body))?["subject"]?.stringValue
      else { return HTTPResponse(status: 401, body: Array("{\"error\":\"unauthorized\"}".utf8)) }
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"],
        body: Array("{\"subject\":\"\(subject)\"}".utf8))
    }
  }

  /// Every regular file under `directory`, read.
  private static func files(under directory: String) -> [(String, String)] {
    let enumerator = FileManager.default.enumerator(atPath: directory)
    var found: [(String, String)] = []
    while let name = enumerator?.nextObject() as? String {
      let path = directory + "/" + name
      if let data = FileManager.default.contents(atPath: path) {
        found.append((path, String(decoding: data, as: UTF8.self)))
      }
    }
    return found
  }

  @Test(
    "a user's key, piped into a fresh profile, reaches a backend that verifies it; revoked, it fails"
  )
  func keyIntoCI() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let admin = ["CLERK_SECRET_KEY": env.secretKey, "CLERK_API_URL": env.fapiURL]
    let created = try await env.run(["--verbose", "api-key", "create", "--name", "ci deploy"])
    #expect(created.status == 0, "\(created.stderr)")
    let secret = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(secret.hasPrefix("ak_") && !secret.contains("\n"))
    #expect(created.stdout == secret + "\n", "printed exactly once")
    #expect(!created.stderr.contains(secret), "never in the trace")
    #expect(created.stderr.contains("shown once"))
    for (path, text) in Self.files(under: env.home.path) {
      #expect(!text.contains(secret), "the secret is in \(path)")
    }

    let ci = TemporaryDirectory(prefix: "clerkctl-ci")
    let fresh = ["CLERKCTL_CONFIG_DIR": ci.path, "CLERK_FAPI_URL": ""]
    let login = try await env.run(
      ["--verbose", "login", "--api-key-stdin", "--profile", "ci"], stdin: secret + "\n",
      extra: fresh.merging(admin) { _, new in new })
    #expect(login.status == 0, "\(login.stderr)")
    #expect(!login.stderr.contains(secret))
    let token = try await env.run(["token", "--profile", "ci"], extra: fresh)
    #expect(token.stdout == secret + "\n")
    let template = try await env.run(
      ["token", "--profile", "ci", "--template", "convex"], extra: fresh)
    #expect(template.status == 2, "\(template.stderr)")
    let exec = try await env.run(
      ["exec", "--profile", "ci", "--", "sh", "-c", "test \"$CLERK_TOKEN\" = \"$WANT\""],
      extra: fresh.merging(["WANT": secret]) { _, new in new })
    #expect(exec.status == 0, "\(exec.stderr)")

    let backend = try Self.verifyingBackend(apiURL: env.fapiURL, secretKey: env.secretKey)
    let reached = try await env.run(
      ["--verbose", "api", "--profile", "ci", backend.url + "/me"], extra: fresh)
    #expect(reached.status == 0, "\(reached.stderr)")
    #expect(reached.stdout == "{\"subject\":\"\(env.userID)\"}")
    #expect(backend.bearerTokens == [secret])
    #expect(!reached.stderr.contains(secret))
    let verified = try await env.run(["api-key", "verify", "-"], stdin: secret, extra: admin)
    #expect(verified.status == 0, "\(verified.stderr)")
    let keyID = try #require(
      try JSONValue(parsing: Array(verified.stdout.utf8))["id"]?.stringValue)

    let revoked = try await env.run(["api-key", "revoke", keyID, "--reason", "rotated"])
    #expect(revoked.status == 0, "\(revoked.stderr)")
    let after = try await env.run(["api-key", "verify", "-"], stdin: secret, extra: admin)
    #expect(after.status == 9, "\(after.stderr)")
    let refused = try await env.run(["api", "--profile", "ci", backend.url + "/me"], extra: fresh)
    #expect(refused.status == 1)
    let listed = try await env.run(["api-key", "list", "--json"])
    #expect(listed.status == 0)
    #expect(!listed.stdout.contains(secret))
    #expect(
      listed.stdout.contains("\"revoked\" : true") || listed.stdout.contains("\"revoked\": true"))
    // Only the saved profile holds it.
    let holders = Self.files(under: ci.path).filter { $0.1.contains(secret) }.map(\.0)
    #expect(holders == [ci.path + "/profiles/ci.json"])
  }

  @Test("--scope needs CLERK_SECRET_KEY; with it the key carries the scope; --output is 0600")
  func scopedKey() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let admin = ["CLERK_SECRET_KEY": env.secretKey, "CLERK_API_URL": env.fapiURL]
    let refused = try await env.run(["api-key", "create", "--name", "read-only", "--scope", "read"])
    #expect(refused.status == 2)
    let file = env.home.file("key.txt")
    let created = try await env.run(
      ["api-key", "create", "--name", "read-only", "--scope", "read", "--output", file, "--json"],
      extra: admin)
    #expect(created.status == 0, "\(created.stderr)")
    let json = try JSONValue(parsing: Array(created.stdout.utf8))
    #expect(json["scopes"] == ["read"])
    #expect(json["secret"] == nil)
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let secret = try String(contentsOfFile: file, encoding: .utf8)
    let verified = try await env.run(["api-key", "verify", "-"], stdin: secret, extra: admin)
    #expect(verified.stdout.contains("\"read\""), "\(verified.stdout)")
  }

  @Test("a key the instance does not know is refused (exit 6, naming login --machine)")
  func unknownKeyRefused() async throws {
    let env = try await CLIFixture(.binary)
    let result = try await env.run(
      ["login", "--api-key-stdin", "--profile", "ci"],
      stdin: "ak_" + String(repeating: "7", count: 32) + "\n",
      extra: ["CLERK_SECRET_KEY": env.secretKey, "CLERK_API_URL": env.fapiURL])
    #expect(result.status == 6)
    #expect(result.stderr.contains("login --machine"))
    #expect(!FileManager.default.fileExists(atPath: env.credentialPath(profile: "ci")))
  }

  @Test("an impersonated session's tokens carry act; whoami and status say so")
  func impersonation() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let admin = ["CLERK_SECRET_KEY": env.secretKey, "CLERK_API_URL": env.fapiURL]
    let login = try await env.run(
      ["login", "--impersonate", env.userID, "--actor", "support_alice", "--profile", "as-demo"],
      extra: admin)
    #expect(login.status == 0, "\(login.stderr)")
    #expect(login.stderr.contains("impersonated by support_alice"))
    let token = try await env.run(["token", "--profile", "as-demo"])
    let jwt = try JWT(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(jwt.payload["act"]?["sub"] == "support_alice")
    #expect(jwt.payload["sub"]?.stringValue == env.userID)
    let whoami = try await env.run(["whoami", "--profile", "as-demo"])
    #expect(whoami.stdout.contains("impersonated by support_alice"))
    let json = try await env.run(["whoami", "--profile", "as-demo", "--json"])
    #expect(try JSONValue(parsing: Array(json.stdout.utf8))["actor"] == "support_alice")
    let status = try await env.run(["status", "--profile", "as-demo", "--json"])
    #expect(status.stdout.contains("support_alice"))
    let logout = try await env.run(["logout", "--profile", "as-demo"], extra: admin)
    #expect(logout.status == 0, "\(logout.stderr)")
    let after = try await env.run(["token", "--profile", "as-demo"])
    #expect(after.status == 4)
  }

  @Test("--user-id asks for a 60 s ticket (--ticket-ttl), revoked when the redemption fails")
  func shortTicket() async throws {
    let env = try await CLIFixture(.binary)
    let http = HTTPClient.curl()
    let apiURL = env.fapiURL
    // The Backend API seen through a recorder: each request forwarded to the emulator.
    let proxy = try RecordingBackend { _, request in
      var forwarded = HTTPRequest(method: request.method, url: apiURL + request.target)
      for name in ["Authorization", "Content-Type"] {
        if let value = request.headers[name] { forwarded.headers.add(name: name, value: value) }
      }
      forwarded.body = request.body
      return (try? http.send(forwarded)) ?? HTTPResponse(status: 502)
    }
    let users = try await http.awaitedSend(
      HTTPRequest(
        method: "GET", url: apiURL + "/v1/users?limit=1",
        headers: ["Authorization": "Bearer " + env.secretKey]))
    let userID = try #require(
      try JSONValue(parsing: users.body).arrayValue?.first?["id"]?.stringValue)
    let admin = ["CLERK_SECRET_KEY": env.secretKey, "CLERK_API_URL": proxy.url]
    let login = try await env.run(["login", "--user-id", userID], extra: admin)
    #expect(login.status == 0, "\(login.stderr)")
    let ttl = try await env.run(["login", "--user-id", userID, "--ticket-ttl", "5"], extra: admin)
    #expect(ttl.status == 0, "\(ttl.stderr)")
    let bodies = proxy.requests.filter { $0.target == "/v1/sign_in_tokens" }.map {
      try? JSONValue(parsing: $0.body)
    }
    #expect(bodies.map { $0?["expires_in_seconds"] } == [60, 5])

    // A redemption that fails: the emulator refuses the sign-in, and the ticket is revoked.
    let fault: JSONValue = [
      "method": "POST", "path": "/v1/client/sign_ins", "status": 503, "count": 10,
    ]
    try await env.admin.fault(fault)
    let failed = try await env.run(["login", "--user-id", userID], extra: admin)
    #expect(failed.status != 0)
    #expect(
      proxy.requests.contains { $0.method == "POST" && $0.target.hasSuffix("/revoke") },
      "\(proxy.requests.map(\.target))")
  }
}
