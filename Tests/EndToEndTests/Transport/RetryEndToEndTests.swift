import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Retries, timeouts and unreachable servers, through the built clerkctl against the emulator's
/// faults. Times are only bounded from above, coarsely, where the contract names a bound.
@Suite("Retries and timeouts", .tags(.resilience))
struct RetryEndToEndTests {
  private let token = ["token", "--template", "convex"]

  @Test("429 with Retry-After: 1, then success: one retry, exit 0")
  func tooManyRequests() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault(["path": .string(mintPath), "status": 429, "retry_after": "1"])
    let result = try await bench.run(token)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: ".").count == 3)
    await #expect(
      try bench.requests().filter { $0.path.contains("/tokens") }.map(\.status) == [429, 200])
  }

  @Test("Two 503s, then success: exit 0 after three attempts")
  func twoUnavailable() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault([
      "path": .string(mintPath), "status": 503, "count": 2, "retry_after": "0",
    ])
    let result = try await bench.run(token)
    #expect(result.status == 0, "\(result.stderr)")
    await #expect(
      try bench.requests().filter { $0.path.contains("/tokens") }.map(\.status) == [503, 503, 200])
  }

  @Test("Endless 503s: exit 5 in under 30 s, one line on stderr, nothing on stdout")
  func endlessUnavailable() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault([
      "path": .string(mintPath), "status": 503, "count": 1000, "retry_after": "0",
    ])
    let start = Date()
    let result = try await bench.run(token)
    #expect(Date().timeIntervalSince(start) < 30)
    #expect(result.status == 5)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("HTTP 503"))
    #expect(try await bench.mintCount() == 3)
  }

  @Test("An HTML 502 page: exit 5 with the page summarised, and the credential still works")
  func htmlBadGateway() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let before = try bench.credentialBytes()
    let page =
      "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body>\n"
      + String(repeating: "<p>upstream failed</p>\n", count: 200) + "</body></html>"
    try await bench.fault([
      "path": .string(mintPath), "status": 502, "count": 3, "body": .string(page),
    ])
    let result = try await bench.run(token)
    #expect(result.status == 5)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("502 Bad Gateway"))
    #expect(!result.stderr.contains("<"))
    #expect(try bench.credentialBytes() == before)
    let after = try await bench.run(token)
    #expect(after.status == 0, "\(after.stderr)")
  }

  @Test("An HTML page without a title is named by its first heading, else by its size")
  func htmlWithoutTitle() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let page = "<html><body><h1>502 Bad <b>Gateway</b></h1><p>nginx</p></body></html>"
    try await bench.fault([
      "path": .string(mintPath), "status": 502, "count": 3, "body": .string(page),
    ])
    let headed = try await bench.run(token)
    #expect(headed.status == 5)
    #expect(headed.stderr.contains("an HTML page headed '502 Bad Gateway'"), "\(headed.stderr)")
    #expect(!headed.stderr.contains("<"))
    let bare = "<html><body><p>upstream went away</p></body></html>"
    try await bench.fault([
      "path": .string(mintPath), "status": 503, "count": 3, "body": .string(bare),
    ])
    let sized = try await bench.run(token)
    #expect(sized.status == 5)
    #expect(sized.stderr.contains("an HTML page (\(bare.utf8.count) bytes)"), "\(sized.stderr)")
    #expect(!sized.stderr.contains("upstream"))
  }

  @Test("Endless 429s read as rate limiting, with the tries made")
  func rateLimited() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault([
      "path": .string(mintPath), "status": 429, "count": 1000, "retry_after": "0",
    ])
    let result = try await bench.run(token)
    #expect(result.status == 5)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains("Clerk is rate limiting these requests (HTTP 429; 3 tries made)"),
      "\(result.stderr)")
    #expect(try await bench.mintCount() == 3)
  }

  @Test("A stalled server with --request-timeout 2: exit 5 quickly")
  func stalled() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault(["path": .string(mintPath), "delay_ms": 4000, "count": 3])
    let start = Date()
    let result = try await bench.run(["--request-timeout", "2"] + token)
    #expect(Date().timeIntervalSince(start) < 15)
    #expect(result.status == 5)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("within 2 s"), "\(result.stderr)")
    #expect(!result.stderr.contains("milliseconds"))
  }

  @Test("CLERKCTL_REQUEST_TIMEOUT bounds each request too")
  func stalledByEnvironment() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault(["path": .string(mintPath), "delay_ms": 4000, "count": 3])
    let start = Date()
    let result = try await bench.run(token, extra: ["CLERKCTL_REQUEST_TIMEOUT": "1"])
    #expect(Date().timeIntervalSince(start) < 15)
    #expect(result.status == 5)
  }

  @Test("Connection refused: exit 5, after the retries")
  func connectionRefused() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let port = refusing.port
    try bench.bindCredential(to: "http://127.0.0.1:\(port)")
    let result = try await bench.run(token, extra: ["CLERK_FAPI_URL": "http://127.0.0.1:\(port)"])
    #expect(result.status == 5)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test("Plain http to a host that is not loopback: exit 3, nothing sent")
  func insecureURL() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    for arguments in [token, ["login", "--identifier", "demo@example.com", "--password-stdin"]] {
      let result = try await bench.run(
        arguments, stdin: "demo-password\n", extra: ["CLERK_FAPI_URL": "http://clerk.example.com"])
      #expect(result.status == 3, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test("A truncated body: exit 5 after the retries, the credential untouched")
  func truncated() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let cut = ScriptedHTTPResponder.Reply.send(
      ScriptedHTTPResponder.head(
        status: 200, headers: [("Content-Type", "application/json"), ("Content-Length", "400")])
        + Array(#"{"jwt":"eyJhbGciOi"#.utf8), thenClose: true)
    let responder = try ScriptedHTTPResponder(script: [cut, cut, cut])
    defer { responder.stop() }
    try bench.bindCredential(to: responder.url(""))
    let before = try bench.credentialBytes()
    let result = try await bench.run(token, extra: ["CLERK_FAPI_URL": responder.url("")])
    #expect(result.status == 5)
    #expect(result.stdout.isEmpty)
    #expect(responder.requests.count == 3)
    #expect(try bench.credentialBytes() == before)
  }
}

extension CLIFixture {
  /// Makes the stored sign-in belong to `fapiURL` (as if made there): a credential is sent only
  /// to the instance that issued it, so a test that points clerkctl at a faulty server binds
  /// the profile to it first.
  func bindCredential(to fapiURL: String) throws {
    guard case .object(var members) = try JSONValue(parsing: Array(try credentialBytes())) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    members["fapi_url"] = .string(fapiURL)
    try Data((JSONValue.object(members).prettyEncoded + "\n").utf8).write(
      to: URL(fileURLWithPath: credentialPath()))
    #expect(chmod(credentialPath(), 0o600) == 0)
  }
}
