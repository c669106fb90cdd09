import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation
import Testing

@testable import ClerkEmulator

/// The test surface answers loopback peers that name a loopback `Host`, and takes only
/// `application/json` POSTs: no DNS-rebinding page and no cross-site form reaches it.
@Suite("Test surface: loopback Host and JSON POSTs only")
struct TestSurfaceGuardTests {
  @Test(
    "a Host that is not loopback is refused with 403",
    arguments: ["evil.example:8787", "evil.example", "127.0.0.1.evil.example:8787", "10.0.0.5"])
  func foreignHost(host: String) throws {
    let harness = try EmulatorHarness()
    let reply = harness.send("GET", "/__emulator/requests", headers: ["Host": host])
    #expect(reply.status == 403)
    #expect(reply.bodyText.contains("loopback Host"))
  }

  @Test(
    "a request without a Host is refused with 403 (HTTP/1.1 requires one; a page cannot omit it)")
  func missingHost() throws {
    let harness = try EmulatorHarness()
    let request = HTTPServerRequest(
      method: "GET", target: "/__emulator/requests", headers: [:], remoteAddress: "127.0.0.1")
    guard case .respond(let reply) = harness.emulator.handle(request).action else {
      Issue.record("the connection was dropped")
      return
    }
    #expect(reply.status == 403)
    #expect(reply.bodyText.contains("loopback Host"))
  }

  @Test(
    "loopback Hosts are answered",
    arguments: ["127.0.0.1:8787", "localhost:8787", "LOCALHOST", "[::1]:8787", "127.0.0.2"])
  func loopbackHost(host: String) throws {
    let harness = try EmulatorHarness()
    #expect(harness.send("GET", "/__emulator/requests", headers: ["Host": host]).status == 200)
  }

  @Test(
    "a POST that is not application/json is refused with 403, and queues nothing",
    arguments: [
      nil, "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x",
      "application/jsonx",
    ] as [String?])
  func notJSON(type: String?) throws {
    let harness = try EmulatorHarness()
    var headers: HTTPHeaders = ["Host": "127.0.0.1:8787"]
    if let type { headers.add(name: "Content-Type", value: type) }
    let body = Array(#"{"path":"/v1/environment","status":500}"#.utf8)
    let reply = harness.send("POST", "/__emulator/faults", headers: headers, body: body)
    #expect(reply.status == 403)
    #expect(harness.send("GET", "/v1/environment").status == 200)
  }

  @Test("an application/json POST (with a charset) is taken")
  func json() throws {
    let harness = try EmulatorHarness()
    let body = Array(#"{"path":"/v1/environment","status":500}"#.utf8)
    let reply = harness.send(
      "POST", "/__emulator/faults",
      headers: ["Host": "127.0.0.1:8787", "Content-Type": "Application/JSON; charset=utf-8"],
      body: body)
    #expect(reply.status == 200)
    #expect(harness.send("GET", "/v1/environment").status == 500)
  }
}
