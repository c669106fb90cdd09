import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation
import Testing

@Suite("clerkctl api, end to end")
struct APICommandTests {
  private static func ok(_ body: String = "{\"ok\":true}", status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/json", "X-Reply": "yes"],
      body: Array(body.utf8))
  }

  @Test("GET with the session token as Bearer; the body goes to stdout")
  func bearer() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok() }
    let result = try await env.run(["api", backend.url + "/things?x=1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "{\"ok\":true}")
    let requests = backend.requests
    try #require(requests.count == 1)
    #expect(requests[0].method == "GET")
    #expect(requests[0].target == "/things?x=1")
    #expect(requests[0].body.isEmpty)
    let jwt = try JWT(backend.bearerTokens[0])
    #expect(jwt.payload["sub"]?.stringValue == env.userID)
    #expect(jwt.payload["sid"]?.stringValue != nil)
  }

  @Test("-X, -H and -d: method, headers and body as given; JSON content type by default")
  func methodHeadersData() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok() }
    let result = try await env.run([
      "api", "-X", "put", "-H", "X-Custom: some value ", "-H", "Accept: text/plain",
      "-d", "{\"a\":1}", "--template", "convex", backend.url + "/put",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let request = try #require(backend.requests.first)
    #expect(request.method == "PUT")
    #expect(request.headers["X-Custom"] == "some value")
    #expect(request.headers["Accept"] == "text/plain")
    #expect(request.headers["Content-Type"] == "application/json")
    #expect(String(decoding: request.body, as: UTF8.self) == "{\"a\":1}")
    #expect(try JWT(backend.bearerTokens[0]).payload["aud"]?.stringValue == "convex")
  }

  @Test("A body without -X is a POST; --data-file reads a file, keeping a given Content-Type")
  func dataFile() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok() }
    let file = env.home.file("body.txt")
    try Data("line one\nline two\n".utf8).write(to: URL(fileURLWithPath: file))
    let result = try await env.run([
      "api", "--data-file", file, "-H", "Content-Type: text/plain", backend.url + "/upload",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let request = try #require(backend.requests.first)
    #expect(request.method == "POST")
    #expect(request.headers["Content-Type"] == "text/plain")
    #expect(String(decoding: request.body, as: UTF8.self) == "line one\nline two\n")
  }

  @Test("--data-file - reads the body from stdin")
  func dataFromStdin() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok() }
    let result = try await env.run(
      ["api", "--data-file", "-", backend.url + "/in"], stdin: "{\"from\":\"stdin\"}")
    #expect(result.status == 0, "\(result.stderr)")
    let request = try #require(backend.requests.first)
    #expect(request.method == "POST")
    #expect(String(decoding: request.body, as: UTF8.self) == "{\"from\":\"stdin\"}")
  }

  @Test("-d @FILE and -d @- read the body as curl does: without line breaks")
  func curlData() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok() }
    let file = env.home.file("body.json")
    try Data("{\"a\":\r\n 1}\n".utf8).write(to: URL(fileURLWithPath: file))
    let fromFile = try await env.run(["api", "-d", "@" + file, backend.url + "/file"])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    let fromStdin = try await env.run(
      ["api", "-d", "@-", backend.url + "/in"], stdin: "{\"b\":\n2}\n")
    #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
    #expect(backend.requests.count == 2)
    #expect(backend.requests.allSatisfy { $0.method == "POST" })
    #expect(String(decoding: backend.requests[0].body, as: UTF8.self) == "{\"a\": 1}")
    #expect(String(decoding: backend.requests[1].body, as: UTF8.self) == "{\"b\":2}")
    let missing = try await env.run(["api", "-d", "@" + file + ".nope", backend.url + "/x"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("cannot read '-d @\(file).nope'"), "\(missing.stderr)")
    #expect(backend.requests.count == 2)
  }

  @Test("--include prints the status line and headers before the body")
  func include() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok("created", status: 201) }
    let result = try await env.run(["api", "-i", backend.url + "/new"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("HTTP/1.1 201 Created\r\n"))
    #expect(result.stdout.contains("\r\nX-Reply: yes\r\n"))
    #expect(result.stdout.hasSuffix("\r\n\r\ncreated"))
  }

  @Test("One 401 is survived with exactly one retry carrying a freshly minted token")
  func retryOnce() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { index, _ in
      index == 0 ? Self.ok("expired", status: 401) : Self.ok("fine")
    }
    let result = try await env.run(["api", "--template", "convex", backend.url + "/r"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "fine")
    let tokens = backend.bearerTokens
    try #require(tokens.count == 2)
    #expect(tokens[0] != tokens[1])
    #expect(try JWT(tokens[1]).payload["aud"]?.stringValue == "convex")
  }

  @Test("A second 401 gives up: exit 1, two requests, stderr names the status")
  func secondUnauthorized() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok("no", status: 401) }
    let result = try await env.run(["api", backend.url + "/r"])
    #expect(result.status == 1)
    #expect(backend.requests.count == 2)
    #expect(result.stderr == "clerkctl: HTTP 401 from \(backend.url)/r\n")
  }

  @Test("--no-refresh sends one request only")
  func noRefresh() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok("no", status: 401) }
    let result = try await env.run(["api", "--no-refresh", backend.url + "/r"])
    #expect(result.status == 1)
    #expect(backend.requests.count == 1)
  }

  @Test("A 500 exits 1 and still prints the body, like curl; no retry")
  func serverError() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok("{\"error\":\"boom\"}", status: 500) }
    let result = try await env.run(["api", backend.url + "/boom"])
    #expect(result.status == 1)
    #expect(result.stdout == "{\"error\":\"boom\"}")
    #expect(result.stderr.contains("HTTP 500 from"))
    #expect(backend.requests.count == 1)
  }

  @Test("A redirect is not followed: exit 1, naming the target")
  func redirect() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in
      HTTPResponse(status: 302, headers: ["Location": "/elsewhere"])
    }
    let result = try await env.run(["api", backend.url + "/moved"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("/elsewhere"))
    #expect(result.stdout.isEmpty)
  }

  @Test("Not signed in exits 4 and sends nothing")
  func notSignedIn() async throws {
    let env = try await CLIFixture(.binary)
    let backend = try RecordingBackend { _, _ in Self.ok() }
    let result = try await env.run(["api", backend.url + "/r"])
    #expect(result.status == 4)
    #expect(backend.requests.isEmpty)
  }

  @Test("Usage errors: -H Authorization, a bad header, -d with --data-file")
  func usage() async throws {
    let env = try await CLIFixture(.binary)
    for arguments in [
      ["-H", "Authorization: Bearer mine"], ["-H", "no colon"], ["-d", "x", "--data-file", "-"],
      ["-X", "GE T"],
    ] {
      let result = try await env.run(["api"] + arguments + ["http://127.0.0.1:9/x"])
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
    }
  }

  @Test("Plain http to a host that is not loopback is a configuration error (exit 3)")
  func insecure() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run(["api", "http://example.com/x"])
    #expect(result.status == 3)
  }
}
