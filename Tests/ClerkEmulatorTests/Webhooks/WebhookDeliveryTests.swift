import ClerkTestSupport
import ClerkctlCrypto
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore

/// Webhook events from an emulator in memory, delivered to a recording client: which events a
/// change sends, their shape, Svix's headers and signature, and the retries.
@Suite("Webhooks: events, signatures and retries")
struct WebhookDeliveryTests {
  /// The secret of Svix's own test vectors (`svix` libraries' tests).
  static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

  /// Records every delivery; answers `failures` 500s first.
  final class Receiver: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [HTTPRequest] = []
    private var failures: Int

    init(failures: Int = 0) { self.failures = failures }

    var client: HTTPClient {
      HTTPClient { [self] request in
        lock.lock()
        defer { lock.unlock() }
        requests.append(request)
        if failures > 0 {
          failures -= 1
          return HTTPResponse(status: 500)
        }
        return HTTPResponse(status: 204)
      }
    }

    var received: [HTTPRequest] {
      lock.lock()
      defer { lock.unlock() }
      return requests
    }

    /// The delivered events (the last attempt of each `svix-id`), in order.
    var events: [JSONValue] {
      var seen: [String] = []
      var byID: [String: JSONValue] = [:]
      for request in received {
        let id = request.headers["svix-id"] ?? ""
        if byID[id] == nil { seen.append(id) }
        byID[id] = try? JSONValue(parsing: request.body)
      }
      return seen.compactMap { byID[$0] }
    }
  }

  private func harness(
    _ receiver: Receiver, clock: TestClock = TestClock(), delays: [Double] = [1, 2],
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> EmulatorHarness {
    try EmulatorHarness(
      webhooks: WebhookSettings(
        url: "http://127.0.0.1:9/webhooks", secret: Self.secret, http: receiver.client,
        clock: clock.clock, retryDelays: delays), webhookLog: log)
  }

  private func settle(_ harness: EmulatorHarness) throws {
    let webhooks = try #require(harness.emulator.webhooks)
    #expect(webhooks.waitUntilIdle(timeout: 30))
  }

  @Test("Svix's signature: v1, base64 HMAC-SHA256 of id.timestamp.body under the secret's key")
  func signature() throws {
    // Svix's published test vector (svix-webhooks, python/tests/test_webhooks.py).
    let key = try #require(WebhookSettings.key(ofSecret: Self.secret))
    let body = Array(#"{"test": 2432232314}"#.utf8)
    #expect(
      SvixSignature.sign(
        id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: body, key: key)
        == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    #expect(WebhookSettings.key(ofSecret: "whsec_***") == nil)
    #expect(WebhookSettings.generateSecret().hasPrefix("whsec_"))
  }

  @Test("a sign-in, a sign-out and a revoke send session.created, session.ended, session.revoked")
  func sessionEvents() throws {
    let receiver = Receiver()
    let harness = try harness(receiver)
    let (token, sessionID) = try harness.signIn()
    _ = harness.fapi("POST", "/v1/client/sessions/\(sessionID)/end", token: token)
    let (_, second) = try harness.signIn()
    #expect(harness.bapi("POST", "/v1/sessions/\(second)/revoke").status == 200)
    try settle(harness)
    let events = receiver.events
    #expect(
      events.map { $0["type"]?.stringValue ?? "" } == [
        "session.created", "session.ended", "session.created", "session.revoked",
      ])
    let first = try #require(events.first)
    #expect(first["object"] == "event")
    #expect(first["instance_id"]?.stringValue == harness.emulator.instanceID)
    #expect(first["timestamp"]?.intValue == Int64(harness.time.now.timeIntervalSince1970 * 1000))
    #expect(first["data"]?["object"] == "session")
    #expect(first["data"]?["id"]?.stringValue == sessionID)
    #expect(first["data"]?["status"] == "active")
    #expect(events[1]["data"]?["status"] == "ended")
    #expect(first["event_attributes"]?["http_request"]?["client_ip"] == "127.0.0.1")
  }

  @Test("creating users and organizations, and a membership, send their events with the objects")
  func userAndOrganizationEvents() throws {
    let receiver = Receiver()
    let harness = try harness(receiver)
    let user = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/users",
        json: ["email_address": ["hook@example.com"], "password": "a-long-password-1"]))
    let userID = try #require(user["id"]?.stringValue)
    let organization = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/organizations", json: ["name": "Hooks", "created_by": .string(userID)]))
    #expect(organization["object"] == "organization")
    try settle(harness)
    let events = receiver.events
    let types = events.map { $0["type"]?.stringValue ?? "" }
    #expect(types.first == "user.created")
    #expect(types.contains("organization.created"))
    #expect(types.contains("organizationMembership.created"), "\(types)")
    #expect(
      events.first?["data"]?["email_addresses"]?.arrayValue?.first?["email_address"]
        == "hook@example.com")
    #expect(events.first?["data"]?["private_metadata"] == [:])
  }

  @Test(
    "every delivery carries Svix's headers and a signature a receiver can check", .tags(.security))
  func headers() throws {
    let receiver = Receiver()
    let webhookClock = TestClock()
    let harness = try harness(receiver, clock: webhookClock)
    _ = try harness.signIn()
    try settle(harness)
    let request = try #require(receiver.received.first)
    #expect(request.method == "POST")
    #expect(request.url == "http://127.0.0.1:9/webhooks")
    #expect(request.headers["Content-Type"] == "application/json")
    let id = try #require(request.headers["svix-id"])
    #expect(id.hasPrefix("msg_"))
    let timestamp = try #require(request.headers["svix-timestamp"])
    #expect(timestamp == String(webhookClock.clock.epochSeconds))
    let key = try #require(WebhookSettings.key(ofSecret: Self.secret))
    let expected = SvixSignature.sign(
      id: id, timestamp: Int64(timestamp) ?? 0, body: request.body, key: key)
    #expect(request.headers["svix-signature"] == expected)
  }

  @Test(
    "a receiver that fails is retried after each delay, same svix-id, then the event is dropped and logged",
    .tags(.resilience))
  func retries() throws {
    let webhookClock = TestClock()
    let taken = Receiver(failures: 2)
    let harness = try harness(taken, clock: webhookClock, delays: [1, 2, 4])
    _ = try harness.signIn()
    try settle(harness)
    #expect(taken.received.count == 3)
    #expect(Set(taken.received.compactMap { $0.headers["svix-id"] }).count == 1)
    #expect(webhookClock.slept == [1, 2])

    let lines = Lock<[String]>([])
    let deadClock = TestClock()
    let dead = Receiver(failures: 100)
    let given = try self.harness(dead, clock: deadClock, delays: [1, 2]) { line in
      lines.withLock { $0.append(line) }
    }
    _ = try given.signIn()
    try settle(given)
    #expect(dead.received.count == 3, "one attempt and two retries")
    #expect(deadClock.slept == [1, 2])
    let logged = lines.withLock { $0 }
    #expect(logged.count == 1)
    #expect(logged.first?.contains("session.created") == true)
    #expect(logged.first?.contains("after 3 attempts: HTTP 500") == true)
  }

  @Test("a request that changes nothing sends nothing; delivery happens off the request path")
  func noChangeNoEvent() throws {
    let receiver = Receiver()
    let harness = try harness(receiver)
    _ = harness.bapi("GET", "/v1/users")
    _ = harness.fapi("GET", "/v1/environment")
    try settle(harness)
    #expect(receiver.received.isEmpty)
  }
}
