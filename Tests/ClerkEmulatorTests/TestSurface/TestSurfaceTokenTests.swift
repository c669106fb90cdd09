import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Testing

@testable import ClerkEmulator

/// The test surface answers only requests that present the run's test token (the ready line's
/// `test_token`): another local process, which cannot read the ready line, cannot drive it.
@Suite("Test surface: the run's test token", .tags(.security))
struct TestSurfaceTokenTests {
  @Test(
    "a request without the token, or with another, is refused with 403 and queues nothing",
    arguments: [
      ["X-Emulator-Token": ""], ["X-Emulator-Token": "not-the-token"],
      ["X-Emulator-Token": "", "Authorization": "Bearer not-the-token"],
    ] as [HTTPHeaders])
  func refused(headers: HTTPHeaders) throws {
    let harness = try EmulatorHarness()
    var headers = headers
    headers.add(name: "Content-Type", value: "application/json")
    let body = JSONValue.object(["path": "/v1/environment", "status": 500]).encodedBytes
    let reply = harness.send("POST", "/__emulator/faults", headers: headers, body: body)
    #expect(reply.status == 403)
    #expect(reply.bodyText.contains("test_token"))
    #expect(harness.send("GET", "/__emulator/requests", headers: headers).status == 403)
    #expect(harness.send("GET", "/v1/environment").status == 200)
  }

  @Test("the token is taken in X-Emulator-Token and as Authorization: Bearer")
  func taken() throws {
    let harness = try EmulatorHarness()
    let token = harness.emulator.testToken
    #expect(
      harness.send("GET", "/__emulator/requests", headers: ["X-Emulator-Token": token]).status
        == 200)
    // Without X-Emulator-Token, from the Authorization header.
    let bearer = HTTPServerRequestHeaders.bearer(token)
    let reply = harness.emulator.handle(
      HTTPServerRequest(
        method: "GET", target: "/__emulator/requests", headers: bearer,
        remoteAddress: "127.0.0.1"))
    guard case .respond(let response) = reply.action else {
      Issue.record("dropped")
      return
    }
    #expect(response.status == 200)
  }

  @Test("the ready line carries the token; each emulator has its own")
  func readyLine() throws {
    let one = try EmulatorHarness()
    let two = try EmulatorHarness()
    let token = one.emulator.startupLine["test_token"]?.stringValue
    #expect(token == one.emulator.testToken)
    #expect((token?.count ?? 0) >= 32)
    #expect(one.emulator.testToken != two.emulator.testToken)
    // The keys scripts read are all still there.
    for key in ["fapi_url", "api_url", "convex_url", "jwks_url", "publishable_key", "secret_key"] {
      #expect(one.emulator.startupLine[key]?.stringValue != nil, "\(key)")
    }
  }

  @Test("the fake provider page a browser opens needs no token")
  func browserPage() throws {
    let harness = try EmulatorHarness()
    let reply = harness.send(
      "GET", "/__emulator/oauth/authorize?state=nope", headers: ["X-Emulator-Token": ""])
    // Refused for its unknown state, not by the guard.
    #expect(reply.status == 400)
  }
}

/// The headers of a loopback request that carries `token` only as a bearer token.
private enum HTTPServerRequestHeaders {
  static func bearer(_ token: String) -> HTTPHeaders {
    ["Host": "127.0.0.1:8787", "Authorization": "Bearer " + token]
  }
}
