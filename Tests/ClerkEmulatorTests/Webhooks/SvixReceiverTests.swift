import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

/// `clerk-emulator --webhook-url` as a child process, delivering to a receiver that checks
/// every event with Svix's own Python library (`svix`, which `make test` installs from PyPI).
@Suite("Webhooks: verified by Svix's library")
struct SvixReceiverTests {
  static let expected = [
    "user.created", "organization.created", "organizationMembership.created", "session.created",
    "session.ended", "session.revoked",
  ]

  @Test("every event the emulator posts verifies with svix; a failed delivery is retried")
  func svixVerifies() async throws {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    let script = root.appendingPathComponent("python/webhook_receiver.py").path
    let secret = WebhookSettings.generateSecret()
    var environment = ProcessInfo.processInfo.environment
    environment.merge([
      "WEBHOOK_SECRET": secret, "EXPECT": Self.expected.joined(separator: ","),
      "FAIL_FIRST": "1", "PYTHONDONTWRITEBYTECODE": "1",
    ]) { _, new in new }
    // The slot first, so the receiver does not sit idle while this test queues for the
    // emulator's slot. Its 90 s start at the first delivery: this task may resume late on a
    // loaded run (the suite's blocking tests hold the cooperative threads), and a deadline
    // counted from the receiver's start failed the test with no delivery made yet.
    let slot = await ChildSlots.shared.take()
    defer { withExtendedLifetime(slot) {} }
    let receiver = try SpawnedProcess(
      "/usr/bin/env", ["python3", script], environment: environment, input: .null)
    _ = await receiver.waitForOutput(timeout: 30) { out, _ in out.contains("\n") }
    let first = receiver.stdout.split(separator: "\n").first.map(String.init) ?? ""
    guard let port = (try? JSONValue(parsing: first))?["port"]?.intValue else {
      let exit = await receiver.waitForExit(timeout: 10)
      #expect(
        exit.status != 3,
        "Python's svix package is missing: Scripts/test.sh installs it (python3 -m pip install svix). \(receiver.stderr)"
      )
      Issue.record("the receiver did not start: \(receiver.stdout)\(receiver.stderr)")
      return
    }
    // The secret reaches the emulator through its environment, never its arguments.
    let emulator = try await EmulatorProcess.start(
      arguments: ["--webhook-url", "http://127.0.0.1:\(port)/clerk"],
      environment: ["CLERK_WEBHOOK_SIGNING_SECRET": secret])
    #expect(emulator.ready["webhook_secret"]?.stringValue == secret)
    let http = HTTPClient.curl()
    let api = emulator.apiURL
    let key = emulator.secretKey
    try await onOwnThread {
      func bapi(_ method: String, _ path: String, _ body: JSONValue) throws -> JSONValue {
        let response = try http.send(
          HTTPRequest(
            method: method, url: api + path,
            headers: ["Authorization": "Bearer \(key)", "Content-Type": "application/json"],
            body: body.encodedBytes))
        return try JSONValue(parsing: response.body)
      }
      func signIn() throws -> (token: String, session: String) {
        let response = try http.send(
          HTTPRequest(
            method: "POST", url: api + "/v1/client/sign_ins?_is_native=true",
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Array("identifier=hooks%40example.com&password=a-long-password-1".utf8)))
        let body = try JSONValue(parsing: response.body)
        return (
          response.headers["Authorization"] ?? "",
          body["response"]?["created_session_id"]?.stringValue ?? ""
        )
      }
      let user = try bapi(
        "POST", "/v1/users",
        ["email_address": ["hooks@example.com"], "password": "a-long-password-1"])
      let userID = user["id"]?.stringValue ?? ""
      _ = try bapi("POST", "/v1/organizations", ["name": "Hooks", "created_by": .string(userID)])
      let (token, session) = try signIn()
      _ = try http.send(
        HTTPRequest(
          method: "POST", url: api + "/v1/client/sessions/\(session)/end?_is_native=true",
          headers: ["Authorization": token]))
      let (_, second) = try signIn()
      _ = try bapi("POST", "/v1/sessions/\(second)/revoke", [:])
    }
    let exit = await receiver.waitForExit(timeout: 120)
    #expect(exit.status == 0, "\(receiver.stdout)\(receiver.stderr)")
    let report = receiver.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
    let result = try JSONValue(parsing: report)
    let types = result["types"]?.arrayValue?.compactMap(\.stringValue) ?? []
    for type in Self.expected { #expect(types.contains(type), "\(type) missing from \(types)") }
    #expect(result["retried"]?.arrayValue?.count == 1, "the first delivery was answered 500")
    #expect(result["refused"] == 0)
    await emulator.stop()
  }
}
