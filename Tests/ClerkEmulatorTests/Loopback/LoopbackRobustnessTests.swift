import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTPServer
import Foundation
import Glibc
import Testing

@testable import ClerkEmulator

/// Bad input over raw sockets: each case gets its 4xx (a close would read as status 0), and the
/// emulator keeps serving new connections afterwards.
@Suite("Emulator robustness over raw sockets")
struct LoopbackRobustnessTests {
  private let harness: EmulatorHarness

  init() throws {
    harness = try EmulatorHarness(
      overLoopback: true, server: HTTPServer.Configuration(readTimeout: 1))
  }

  /// Reads the reply to bad input: the status of a response, or 0 when the server closed.
  private func statusOrClose(_ connection: RawHTTPConnection) async throws -> Int {
    // An async test's suite value may be released after its last use; the server with it.
    defer { withExtendedLifetime(harness) {} }
    do {
      return try await connection.readResponse().status
    } catch RawHTTPConnection.Failure.closed {
      return 0
    } catch RawHTTPConnection.Failure.receiveFailed(let code) where code == ECONNRESET {
      return 0
    }
  }

  /// A normal request on a new connection still succeeds.
  private func expectStillServing(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    defer { withExtendedLifetime(harness) {} }  // the server lives until the reply is read
    let connection = try RawHTTPConnection(port: harness.port)
    try connection.send("GET /v1/environment HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let response = try await connection.readResponse()
    #expect(response.status == 200, sourceLocation: sourceLocation)
    #expect(
      (try? JSONValue(parsing: response.body))?["auth_config"] != nil,
      sourceLocation: sourceLocation)
  }

  /// Bad input sent whole on a fresh connection, and the status it must get.
  enum BadInput: String, CaseIterable, CustomTestStringConvertible {
    case garbage, oversizedHeader, oversizedBody

    var testDescription: String { rawValue }

    /// The head (and, for the body case, the start of the request).
    var head: String {
      switch self {
      case .garbage:
        return "\u{16}\u{03}\u{01}\u{00}\u{7f}\r\n\r\n"
      case .oversizedHeader:
        let filler = String(repeating: "a", count: 20 * 1024)
        return "GET /v1/environment HTTP/1.1\r\nHost: x\r\nX-Filler: \(filler)\r\n\r\n"
      case .oversizedBody:
        return "POST /v1/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Content-Length: \(2 * 1024 * 1024)\r\n\r\n"
      }
    }

    /// The body: 2 MiB for the oversized-body case.
    var body: [UInt8] { self == .oversizedBody ? [UInt8](repeating: 0x61, count: 2 << 20) : [] }

    /// 400 for garbage, 431 for a 20 KiB head, 413 for a 2 MiB body.
    var status: Int {
      switch self {
      case .garbage: 400
      case .oversizedHeader: 431
      case .oversizedBody: 413
      }
    }
  }

  @Test("garbage, a 20 KiB header and a 2 MiB body get their 4xx", arguments: BadInput.allCases)
  func badInput(_ input: BadInput) async throws {
    let connection = try RawHTTPConnection(port: harness.port)
    try connection.send(input.head)
    // The server may answer and close before a body is through; a failed send is fine.
    try? connection.send(input.body)
    await #expect(try statusOrClose(connection) == input.status)
    try await expectStillServing()
  }

  @Test("a stalled half-request does not hold up others and is closed on the read timeout")
  func stalled() async throws {
    let stalled = try RawHTTPConnection(port: harness.port)
    try stalled.send("POST /v1/client/sign_ins?_is_native=true HTTP/1.1\r\nHost: x\r\n")
    try await expectStillServing()
    let status = try await statusOrClose(stalled)
    #expect(status == 408)
    try await expectStillServing()
  }
}
