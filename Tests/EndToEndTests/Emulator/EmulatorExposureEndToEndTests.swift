import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// The emulator's test surface answers only its own loopback origin, and a non-loopback
/// `--host` is warned about.
@Suite("The emulator off loopback", .tags(.security))
struct EmulatorExposureEndToEndTests {
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
      "GET /__emulator/requests HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "X-Emulator-Token: \(emulator.testToken)\r\nConnection: close\r\n\r\n")
    #expect(own == 200)
  }

  @Test("the test surface refuses a local client without the ready line's test_token")
  func emulatorTestToken() async throws {
    let emulator = try await EmulatorProcess.start()
    let port = Int(emulator.fapiURL.split(separator: ":").last ?? "") ?? 0
    #expect(emulator.testToken.count >= 32)
    func send(token: String?) async throws -> Int {
      let connection = try await RawHTTPConnection.connected(port: port, timeout: 10)
      defer { connection.close() }
      let body = #"{"path":"/v1/environment","delay_ms":60000,"count":8}"#
      let header = token.map { "X-Emulator-Token: \($0)\r\n" } ?? ""
      try connection.send(
        "POST /__emulator/faults HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + header
          + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
          + "Connection: close\r\n\r\n" + body)
      return try await connection.readResponse().status
    }
    #expect(try await send(token: nil) == 403)
    #expect(try await send(token: "guessed") == 403)
    // Nothing was queued: the Frontend API answers at once.
    let environment = try await HTTPClient.curl().awaitedSend(
      HTTPRequest(url: emulator.fapiURL + "/v1/environment"))
    #expect(environment.status == 200)
  }

  @Test("SIGTERM stops the emulator while a request sits in a 60 s fault delay")
  func stopWakesDelay() async throws {
    let emulator = try await EmulatorProcess.start()
    let admin = EmulatorAdmin(emulator)
    try await admin.fault(["path": "/v1/environment", "delay_ms": 60_000, "count": 1])
    let url = emulator.fapiURL + "/v1/environment"
    await withTaskGroup(of: HTTPResponse?.self) { group in
      // One of these two takes the delay; once the other is answered, that one is in it.
      for _ in 0..<2 {
        group.addTask {
          try? await HTTPClient.curl().awaitedSend(HTTPRequest(url: url, timeout: 120))
        }
      }
      let first = await group.next() ?? nil
      #expect(first?.status == 200)
      // Well under the delay: without the wake, the stop would wait the delay out and the
      // wait would end in SIGKILL.
      #expect(await emulator.stop(timeout: 40) == 0)
      for await _ in group {}
    }
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
