import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation
import Testing

@Suite("clerkctl convex, end to end")
struct ConvexCommandTests {
  @Test("users:whoami prints the identity: subject is the user id")
  func whoami() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run([
      "convex", "query", "users:whoami", "--url", env.emulator.convexURL,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let identity = try JSONValue(parsing: result.stdout)
    #expect(identity["subject"]?.stringValue == env.userID)
    #expect(identity["issuer"]?.stringValue == env.emulator.fapiURL)
  }

  @Test("CONVEX_URL is used when --url is not given")
  func environmentURL() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run(
      ["convex", "query", "users:whoami"], extra: ["CONVEX_URL": env.emulator.convexURL + "/"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try JSONValue(parsing: result.stdout)["subject"]?.stringValue == env.userID)
  }

  @Test("echo:args prints the arguments back", arguments: ["query", "mutation", "action"])
  func echo(kind: String) async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run([
      "convex", kind, "echo:args", "{\"a\":1,\"b\":[true,null]}", "--url", env.emulator.convexURL,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try JSONValue(parsing: result.stdout) == ["a": 1, "b": [true, nil]])
  }

  @Test("A function error exits 1 with Convex's message; stdout stays empty")
  func functionError() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run([
      "convex", "query", "missing:fn", "--url", env.emulator.convexURL,
    ])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("Could not find public function for 'missing:fn'"))
  }

  @Test("A token without aud convex gets NoAuthProvider, explained")
  func noAuthProvider() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let created = try await env.backend(
      "POST", "/v1/jwt_templates",
      json: ["name": "plain", "claims": ["aud": "my-api", "sub": "{{user.id}}"]])
    try #require(created.isSuccess, "\(created.bodyText)")
    let result = try await env.run([
      "convex", "query", "users:whoami", "--template", "plain", "--url", env.emulator.convexURL,
    ])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("NoAuthProvider"))
    #expect(result.stderr.contains("applicationID = \"convex\""))
    #expect(result.stderr.contains("aud \"my-api\""))
    #expect(result.stderr.contains("'plain'"))
  }

  @Test("A template that does not exist exits 7")
  func missingTemplate() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run([
      "convex", "query", "users:whoami", "--template", "nope", "--url", env.emulator.convexURL,
    ])
    #expect(result.status == 7)
  }

  @Test("No --url and no CONVEX_URL is a usage error naming both")
  func missingURL() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run(["convex", "query", "users:whoami"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--url"))
    #expect(result.stderr.contains("CONVEX_URL"))
  }

  @Test("ARGS_JSON must be a JSON object", arguments: ["[1]", "1", "{", "\"a\""])
  func argumentsMustBeObject(text: String) async throws {
    let env = try await CLIFixture(.binary)
    let result = try await env.run([
      "convex", "query", "echo:args", text, "--url", "http://127.0.0.1:9",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("JSON object"))
  }

  @Test(
    "An expired-token 401 (Unauthenticated) from a deployment the profile used is retried once with a fresh token"
  )
  func retryUnauthenticated() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { index, _ in
      index == 1
        ? HTTPResponse(
          status: 401,
          body: Array(
            "{\"code\":\"Unauthenticated\",\"message\":\"Could not verify OIDC token claim.\"}"
              .utf8))
        : HTTPResponse(status: 200, body: Array("{\"status\":\"success\",\"value\":42}".utf8))
    }
    // The first call makes the deployment the profile's; the second meets the 401.
    let first = try await env.run(["convex", "mutation", "counter:add", "--url", backend.url])
    #expect(first.status == 0, "\(first.stderr)")
    let result = try await env.run(["convex", "mutation", "counter:add", "--url", backend.url])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "42\n")
    let requests = backend.requests
    try #require(requests.count == 3)
    #expect(requests[1].method == "POST")
    #expect(requests[1].path == "/api/mutation")
    #expect(
      try JSONValue(parsing: requests[1].body)
        == ["path": "counter:add", "args": [:], "format": "json"])
    let tokens = backend.bearerTokens
    #expect(tokens[1] != tokens[2])
    #expect(try JWT(tokens[2]).payload["aud"]?.stringValue == "convex")
  }

  @Test("A 560 function failure exits 1 with its message; NoAuthProvider is not retried")
  func failureStatus() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, request in
      request.path == "/api/action"
        ? HTTPResponse(
          status: 560, body: Array("{\"status\":\"error\",\"errorMessage\":\"it broke\"}".utf8))
        : HTTPResponse(
          status: 401, body: Array("{\"code\":\"NoAuthProvider\",\"message\":\"none\"}".utf8))
    }
    let action = try await env.run(["convex", "action", "jobs:run", "--url", backend.url])
    #expect(action.status == 1)
    #expect(action.stderr == "clerkctl: it broke\n")
    let query = try await env.run(["convex", "query", "jobs:list", "--url", backend.url])
    #expect(query.status == 1)
    #expect(backend.requests.count == 2)
  }
}
