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
