import ClerkTestSupport
import Foundation
import Testing

/// The emulator process under bad input: garbage, oversized requests, slow clients and many
/// connections get a 4xx or a closed connection, and it keeps serving everyone else.
@Suite("The emulator under bad input", .tags(.resilience))
struct EmulatorRobustnessEndToEndTests {
  /// Blocking: called on `inParallel`'s own threads. Each read may wait 30 s: the test is about
  /// all being served, not how fast (a hundred at once against an instrumented emulator on a
  /// small machine took longer than the 5 s default).
  private func environmentStatus(_ port: Int) throws -> Int {
    let connection = try RawHTTPConnection(port: port, timeout: 30)
    try connection.send("GET /v1/environment HTTP/1.1\r\nHost: localhost\r\n\r\n")
    return try connection.readResponse().status
  }

  /// The status of the answer to `bytes`, or nil when the emulator closed without one.
  private func answer(_ port: Int, _ bytes: [UInt8]) async throws -> Int? {
    let connection = try await RawHTTPConnection.connected(port: port)
    try? connection.send(bytes)
    connection.shutdownWrite()
    return try? await connection.readResponse().status
  }

  @Test("Garbage, oversized heads and bodies get a 4xx or a close, never a crash")
  func badInput() async throws {
    let bench = try await CLIFixture(.binary)
    var generator = SystemRandomNumberGenerator()
    var inputs: [[UInt8]] = [
      Array("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}".utf8),
      Array("GET / HTTP/9.9\r\n\r\n".utf8),
      Array("GET /v1/environment HTTP/1.1\r\nHost: x\r\n".utf8)
        + Array(repeating: UInt8(ascii: "a"), count: 64 * 1024) + Array("\r\n\r\n".utf8),
      Array(
        "POST /v1/client/sign_ins HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n".utf8),
      Array(
        "POST /v1/client/sign_ins HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n".utf8),
      Array("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8),
      Array("GET /\u{0}\u{7f} HTTP/1.1\r\n\r\n".utf8),
    ]
    for _ in 0..<40 {
      inputs.append(
        (0..<Int.random(in: 1..<2048, using: &generator)).map { _ in
          UInt8.random(in: 0...255, using: &generator)
        })
    }
    for input in inputs {
      if let status = try await answer(bench.port, input) {
        #expect((400..<500).contains(status) || status == 505, "status \(status)")
      }
    }
    #expect(try await onOwnThread { try environmentStatus(bench.port) } == 200)
  }

  @Test("Slow clients holding connections do not stop others; many connections are served")
  func slowAndMany() async throws {
    let bench = try await CLIFixture(.binary)
    let slow = try (0..<20).map { _ in try RawHTTPConnection(port: bench.port) }
    for connection in slow { try connection.send("GET /v1/environment HTTP/1.1\r\nHo") }
    #expect(try await onOwnThread { try environmentStatus(bench.port) } == 200)
    let statuses = await inParallel(Array(0..<100)) { _ in try environmentStatus(bench.port) }
    #expect(statuses.filter { (try? $0.get()) == 200 }.count == 100)
    for connection in slow { connection.close() }
    let login = try await bench.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: "demo-password\n")
    #expect(login.status == 0, "\(login.stderr)")
  }
}
