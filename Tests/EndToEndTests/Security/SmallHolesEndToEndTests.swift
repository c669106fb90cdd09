import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// Issue 12's smaller holes: whoami's exit code for a client Clerk no longer knows, secrets in
/// traced query strings, template names that are not one path segment, and the emulator's
/// test surface and non-loopback listening.
@Suite("Security: smaller holes")
struct SmallHolesEndToEndTests {
  @Test("whoami and status exit 4 when Clerk answers 401 for the client")
  func unauthorizedClient() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    for arguments in [["whoami"], ["status"]] {
      try await bench.fault(["path": "/v1/client", "method": "GET", "status": 401])
      let result = try await bench.run(arguments)
      #expect(result.status == 4, "\(arguments): \(result.stderr)")
    }
  }

  @Test("--verbose redacts every secret-looking query value in traced URLs and errors")
  func tracedQueries() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
    }
    let secrets = [
      "access_token": "AT-0123456789-secret", "api_key": "AK-0123456789-secret",
      "client_secret": "CS-0123456789-secret", "X-Amz-Signature": "SG-0123456789-secret",
      "password": "PW-0123456789-secret", "code": "CO-0123456789-secret",
      "__clerk_db_jwt": "DB-0123456789-secret", "nonce": "NO-0123456789-secret",
      "auth": "AU-0123456789-secret", "ticket": "TI-0123456789-secret",
    ]
    let query = secrets.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      .joined(separator: "&")
    let traced = try await env.run(["--verbose", "api", backend.url + "/things?\(query)&page=2"])
    #expect(traced.status == 0, "\(traced.stderr)")
    #expect(traced.stderr.contains("page=2"), "\(traced.stderr)")
    let port = try LoopbackSocket.unusedPort()
    let failed = try await env.run([
      "--verbose", "api", "http://user:PW-userinfo-secret@127.0.0.1:\(port)/x?\(query)",
    ])
    #expect(failed.status == 5, "\(failed.stderr)")
    for output in [traced.stderr, failed.stderr] {
      for (name, value) in secrets {
        #expect(!output.contains(value), "\(name)'s value shows: \(output)")
      }
      #expect(!output.contains("PW-userinfo-secret"))
    }
  }

  @Test(
    "a template name is one path segment: '.', '..', '/' and empty are exit 2, nothing sent",
    arguments: ["..", ".", "a/b", "../sessions", ""])
  func templateNames(name: String) async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let runs: [[String]] = [
      ["token", "--template", name],
      ["exec", "--template", name, "--", "true"],
      ["api", "--template", name, (bench.process?.convexURL ?? "") + "/x"],
      [
        "convex", "query", "echo:args", "--template", name, "--url",
        (bench.process?.convexURL ?? ""),
      ],
      ["doctor", "--template", name],
    ]
    for arguments in runs {
      let result = try await bench.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
    }
    #expect(try await bench.requests().isEmpty)
  }

  @Test("the emulator's test surface refuses a foreign Host and a POST that is not JSON")
  func emulatorTestSurface() async throws {
    let emulator = try await EmulatorProcess.start()
    let port = Int(emulator.fapiURL.split(separator: ":").last ?? "") ?? 0
    func send(_ request: String) async throws -> Int {
      let connection = try await RawHTTPConnection.connected(port: port, timeout: 10)
      defer { connection.close() }
      try connection.send(request)
      return try await connection.readResponse().status
    }
    let rebound = try await send(
      "GET /__emulator/requests HTTP/1.1\r\nHost: evil.example:\(port)\r\nConnection: close\r\n\r\n"
    )
    #expect(rebound == 403)
    let body = #"{"path":"/v1/environment","status":500}"#
    let form = try await send(
      "POST /__emulator/faults HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
        + "Connection: close\r\n\r\n" + body)
    #expect(form == 403)
    let environment = try await HTTPClient.curl().awaitedSend(
      HTTPRequest(url: emulator.fapiURL + "/v1/environment"))
    #expect(environment.status == 200)
    let own = try await send(
      "GET /__emulator/requests HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    #expect(own == 200)
  }

  @Test("the emulator warns on stderr when --host is not loopback")
  func emulatorNonLoopbackHost() async throws {
    // The port is taken on loopback, so binding every address fails at once: the warning
    // must come before, and no server is left listening on the network.
    let (descriptor, port) = try LoopbackSocket.listen()
    defer { close(descriptor) }
    let wildcard = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--host", "0.0.0.0", "--port", String(port)],
      environment: ProcessInfo.processInfo.environment, timeout: 30)
    #expect(wildcard.stderr.contains("warning"), "\(wildcard.stderr)")
    #expect(wildcard.stderr.contains("0.0.0.0"))
    let loopback = try await ProcessRun.run(
      BuiltProducts.path("clerk-emulator"), ["--host", "127.0.0.1", "--port", String(port)],
      environment: ProcessInfo.processInfo.environment, timeout: 30)
    #expect(!loopback.stderr.contains("warning"), "\(loopback.stderr)")
  }
}
