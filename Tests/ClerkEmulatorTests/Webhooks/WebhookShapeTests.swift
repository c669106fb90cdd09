import ClerkTestSupport
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore

/// Every event the emulator delivers has Clerk's envelope and a `data` that validates against
/// the Backend API schema Clerk's SDK types it as
/// (`Fixtures/conformance/validate_webhooks.py`): users, sessions, organizations, memberships
/// and invitations, each created, updated and deleted (or ended, removed, revoked).
@Suite("Webhooks: payloads in Clerk's event shapes")
struct WebhookShapeTests {
  static let expected = [
    "user.created", "user.updated", "user.deleted", "session.created", "session.ended",
    "session.removed", "session.revoked", "organization.created", "organization.updated",
    "organization.deleted", "organizationMembership.created", "organizationMembership.updated",
    "organizationMembership.deleted", "organizationInvitation.created",
    "organizationInvitation.revoked",
  ]

  @Test("each kind of event validates against its Clerk schema")
  func shapes() async throws {
    let receiver = WebhookDeliveryTests.Receiver()
    let harness = try EmulatorHarness(
      webhooks: WebhookSettings(
        url: "http://127.0.0.1:9/webhooks", secret: WebhookDeliveryTests.secret,
        http: receiver.client, clock: TestClock().clock, retryDelays: [1]))
    try Self.exercise(harness)
    let webhooks = try #require(harness.emulator.webhooks)
    #expect(await onOwnThread { webhooks.waitUntilIdle(timeout: 30) })
    let directory = TemporaryDirectory(prefix: "emulator-webhooks")
    for (index, event) in receiver.events.enumerated() {
      try directory.write(event.encoded, to: directory.file(String(format: "%03d.json", index)))
    }
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    let script = root.appendingPathComponent("conformance/validate_webhooks.py").path
    let result = try await ProcessRun.run(
      "/usr/bin/env",
      ["python3", script, "--expect", Self.expected.joined(separator: ","), directory.path],
      environment: ProcessInfo.processInfo.environment.merging(
        ["PYTHONDONTWRITEBYTECODE": "1"]) { _, new in new }, timeout: 120)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  /// A change of each kind, through the Backend and Frontend APIs.
  private static func exercise(_ harness: EmulatorHarness) throws {
    let user = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/users",
        json: ["email_address": ["shapes@example.com"], "password": "a-long-password-1"]))
    let userID = try #require(user["id"]?.stringValue)
    _ = harness.bapi("PATCH", "/v1/users/\(userID)", json: ["first_name": "Shape"])
    let (token, ended) = try harness.signIn("shapes@example.com", password: "a-long-password-1")
    _ = harness.fapi("POST", "/v1/client/sessions/\(ended)/end", token: token)
    let (other, removed) = try harness.signIn("shapes@example.com", password: "a-long-password-1")
    _ = harness.fapi("POST", "/v1/client/sessions/\(removed)/remove", token: other)
    let (_, revoked) = try harness.signIn("shapes@example.com", password: "a-long-password-1")
    _ = harness.bapi("POST", "/v1/sessions/\(revoked)/revoke")
    let organization = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/organizations", json: ["name": "Shapes", "created_by": .string(userID)]))
    let path = "/v1/organizations/\(try #require(organization["id"]?.stringValue))"
    _ = harness.bapi("PATCH", path, json: ["name": "Shapes Inc"])
    let demo = try #require(
      try EmulatorHarness.json(harness.bapi("GET", "/v1/users?email_address=demo@example.com"))
        .arrayValue?.first?["id"]?.stringValue)
    _ = harness.bapi(
      "POST", path + "/memberships", json: ["user_id": .string(demo), "role": "org:member"])
    _ = harness.bapi("PATCH", path + "/memberships/\(demo)", json: ["role": "org:admin"])
    _ = harness.bapi("DELETE", path + "/memberships/\(demo)")
    let invitation = try EmulatorHarness.json(
      harness.bapi(
        "POST", path + "/invitations",
        json: ["email_address": "new@example.com", "role": "org:member"]))
    let invitationID = try #require(invitation["id"]?.stringValue)
    _ = harness.bapi("POST", path + "/invitations/\(invitationID)/revoke")
    _ = harness.bapi("DELETE", path)
    _ = harness.bapi("DELETE", "/v1/users/\(userID)")
  }
}
