import ClerkTestSupport
import ClerkctlHTTPServer
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

@Suite("Test surface: faults and request log")
struct TestSurfaceTests {
  @Test("a status fault hits the next N matching requests, with Retry-After")
  func statusFault() throws {
    let harness = try EmulatorHarness()
    harness.queueFault([
      "path": "/v1/client/sessions/*/tokens*", "count": 2, "status": 503, "retry_after": "1",
    ])
    let (token, session) = try harness.signIn()
    for _ in 0..<2 {
      let response = harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token)
      #expect(response.status == 503)
      #expect(response.headers["Retry-After"] == "1")
    }
    #expect(
      harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token).status == 200)
  }

  @Test("method filter, prefix patterns, malformed bodies and delays")
  func bodyAndDelay() throws {
    let harness = try EmulatorHarness()
    harness.queueFault(["path": "/v1/environment", "method": "POST", "status": 500])
    #expect(harness.send("GET", "/v1/environment").status == 200)
    harness.queueFault(["path": "/v1/env", "body": "{not json", "delay_ms": 250])
    let malformed = harness.send("GET", "/v1/environment")
    #expect(malformed.status == 200)
    #expect(malformed.bodyText == "{not json")
    // A delay sleeps in short slices (so a stop can end it), adding up to its length.
    #expect(abs(harness.time.totalSlept - 0.25) < 1e-9)
    harness.queueFault(["path": "/v1/environment", "delay_ms": 100])
    let delayed = harness.send("GET", "/v1/environment")
    #expect((try? EmulatorHarness.json(delayed))?["auth_config"] != nil)
    #expect(abs(harness.time.totalSlept - 0.35) < 1e-9)
  }

  @Test("a drop fault closes the connection")
  func drop() throws {
    let harness = try EmulatorHarness()
    harness.queueFault(["path": "/.well-known/jwks.json", "drop": true])
    let reply = harness.emulator.handle(
      HTTPServerRequest(method: "GET", target: "/.well-known/jwks.json"))
    guard case .dropConnection = reply.action else {
      Issue.record("expected a dropped connection")
      return
    }
    #expect(harness.send("GET", "/.well-known/jwks.json").status == 200)
    let log = try EmulatorHarness.json(harness.send("GET", "/__emulator/requests"))
    #expect(log.arrayValue?.map { $0["status"] } == [0, 200])
  }

  @Test("the request log records method, path without query, status; DELETE clears it")
  func requestLog() throws {
    let harness = try EmulatorHarness()
    harness.fapi("GET", "/v1/client")
    harness.send("GET", "/nope")
    let log = try EmulatorHarness.json(harness.send("GET", "/__emulator/requests"))
    #expect(
      log == [
        ["method": "GET", "path": "/v1/client", "status": 200],
        ["method": "GET", "path": "/nope", "status": 404],
      ])
    #expect(harness.send("DELETE", "/__emulator/requests").status == 200)
    #expect(try EmulatorHarness.json(harness.send("GET", "/__emulator/requests")) == [])
  }

  @Test("the test surface answers only loopback peers")
  func loopbackOnly() throws {
    let harness = try EmulatorHarness()
    #expect(harness.send("GET", "/__emulator/requests", remote: "10.0.0.5").status == 403)
    #expect(harness.send("GET", "/__emulator/requests", remote: "::1").status == 200)
  }

  @Test("the startup line and publishable key describe the served host")
  func startup() throws {
    let harness = try EmulatorHarness()
    let line = harness.emulator.startupLine
    #expect(line["fapi_url"]?.stringValue == EmulatorHarness.base)
    #expect(line["jwks_url"]?.stringValue == EmulatorHarness.base + "/.well-known/jwks.json")
    let key = try #require(line["publishable_key"]?.stringValue)
    #expect(key == "pk_test_" + "MTI3LjAuMC4xOjg3ODck")  // base64("127.0.0.1:8787$")
    let discovery = try EmulatorHarness.json(
      harness.send("GET", "/.well-known/openid-configuration"))
    #expect(discovery["issuer"]?.stringValue == EmulatorHarness.base)
    #expect(discovery["jwks_uri"]?.stringValue == EmulatorHarness.base + "/.well-known/jwks.json")
  }
}
