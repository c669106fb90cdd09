import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

/// The built `clerk-emulator` over loopback: a rotated machine secret ends with its grace
/// period when the test surface moves the clock ahead, and the replies' `Date` follows.
@Suite("clerk-emulator over loopback: machine secrets and the test clock")
struct MachineLoopbackTests {
  private let http = HTTPClient.curl()

  private func send(
    _ emulator: EmulatorProcess, _ method: String, _ path: String, json: JSONValue? = nil,
    bearer: String? = nil
  ) async throws -> HTTPResponse {
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    if let bearer { headers.add(name: "Authorization", value: "Bearer " + bearer) }
    if path.hasPrefix("/__emulator/") {
      headers.add(name: "X-Emulator-Token", value: emulator.testToken)
    }
    return try await http.awaitedSend(
      HTTPRequest(
        method: method, url: emulator.apiURL + path, headers: headers,
        body: json?.encodedBytes ?? []))
  }

  @Test("rotate with a 60 s grace; after the clock moves 61 s the old secret is refused")
  func rotationGraceEnds() async throws {
    let emulator = try await EmulatorProcess.start()
    let created = try JSONValue(
      parsing: try await send(
        emulator, "POST", "/v1/machines", json: ["name": "ci"], bearer: emulator.secretKey
      ).body)
    let id = try #require(created["id"]?.stringValue)
    let old = try #require(created["secret_key"]?.stringValue)
    let rotated = try await send(
      emulator, "POST", "/v1/machines/\(id)/secret_key/rotate", json: ["previous_token_ttl": 60],
      bearer: emulator.secretKey)
    let fresh = try #require(try JSONValue(parsing: rotated.body)["secret"]?.stringValue)
    #expect(try await send(emulator, "POST", "/m2m_tokens", json: [:], bearer: old).status == 201)

    let before = try await send(emulator, "GET", "/v1/environment")
    let moved = try await send(emulator, "POST", "/__emulator/clock", json: ["advance": 61])
    #expect(moved.status == 200)
    #expect(try JSONValue(parsing: moved.body)["offset"]?.doubleValue == 61)
    #expect(try await send(emulator, "POST", "/m2m_tokens", json: [:], bearer: old).status == 401)
    #expect(
      try await send(emulator, "POST", "/m2m_tokens", json: [:], bearer: fresh).status == 201)
    // Date headers follow the moved clock.
    let after = try await send(emulator, "GET", "/v1/environment")
    let start = try #require(Self.date(before.headers["Date"]))
    let end = try #require(Self.date(after.headers["Date"]))
    #expect(end.timeIntervalSince(start) >= 61)
    #expect(end.timeIntervalSince(start) < 61 + 30)
    await emulator.stop()
  }

  /// An HTTP-date (`Sun, 06 Nov 1994 08:49:37 GMT`).
  private static func date(_ text: String?) -> Date? {
    guard let text else { return nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: text)
  }
}
