import ClerkTestSupport
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore

@Suite("Backend API: a user's update, moderation, metadata, password and deletion")
struct BackendUserTests {
  private func create(_ harness: EmulatorHarness) throws -> String {
    let user = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/users",
        json: ["email_address": ["mod@example.com"], "password": "mod-password-1"]))
    return try #require(user["id"]?.stringValue)
  }

  @Test("PATCH updates names and replaces metadata; /metadata deep-merges, null removes")
  func updateAndMerge() throws {
    let harness = try EmulatorHarness()
    let id = try create(harness)
    let updated = try EmulatorHarness.json(
      harness.bapi(
        "PATCH", "/v1/users/\(id)",
        json: ["first_name": "Mo", "public_metadata": ["plan": "pro", "flags": ["a": true]]]))
    #expect(updated["first_name"] == "Mo")
    #expect(updated["public_metadata"] == ["plan": "pro", "flags": ["a": true]])
    let merged = try EmulatorHarness.json(
      harness.bapi(
        "PATCH", "/v1/users/\(id)/metadata",
        json: ["public_metadata": ["plan": nil, "flags": ["b": 1]], "private_metadata": ["x": 1]]))
    #expect(merged["public_metadata"] == ["flags": ["a": true, "b": 1]])
    #expect(merged["private_metadata"] == ["x": 1])
  }

  @Test("ban and lock show on the user; a ban revokes the user's sessions; unban and unlock undo")
  func moderation() throws {
    let harness = try EmulatorHarness()
    let users = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/users?email_address=demo@example.com"))
    let id = try #require(users.arrayValue?.first?["id"]?.stringValue)
    let (_, session) = try harness.signIn()
    let banned = try EmulatorHarness.json(harness.bapi("POST", "/v1/users/\(id)/ban"))
    #expect(banned["banned"] == true)
    let revoked = try EmulatorHarness.json(harness.bapi("GET", "/v1/sessions/\(session)"))
    #expect(revoked["status"] == "revoked")
    #expect(
      try EmulatorHarness.json(harness.bapi("POST", "/v1/users/\(id)/unban"))["banned"] == false)
    #expect(
      try EmulatorHarness.json(harness.bapi("POST", "/v1/users/\(id)/lock"))["locked"] == true)
    #expect(
      try EmulatorHarness.json(harness.bapi("POST", "/v1/users/\(id)/unlock"))["locked"] == false)
  }

  @Test("verify_password: {verified: true}, 422 incorrect_password, 400 without a password")
  func verifyPassword() throws {
    let harness = try EmulatorHarness()
    let id = try create(harness)
    let path = "/v1/users/\(id)/verify_password"
    let ok = try EmulatorHarness.json(
      harness.bapi("POST", path, json: ["password": "mod-password-1"]))
    #expect(ok == ["verified": true])
    let wrong = harness.bapi("POST", path, json: ["password": "nope-nope-nope"])
    #expect(wrong.status == 422)
    #expect(EmulatorHarness.errorCode(wrong) == "incorrect_password")
    let phone = try EmulatorHarness.json(harness.bapi("GET", "/v1/users?limit=100"))
      .arrayValue?.first { $0["username"] == "phoneuser" }
    let phoneID = try #require(phone?["id"]?.stringValue)
    let none = harness.bapi("POST", "/v1/users/\(phoneID)/verify_password", json: ["password": "x"])
    #expect(none.status == 400)
    #expect(EmulatorHarness.errorCode(none) == "no_password_set")
  }

  @Test("DELETE answers the deleted object; the user, its memberships and sessions are gone")
  func delete() throws {
    let harness = try EmulatorHarness()
    let id = try create(harness)
    let deleted = try EmulatorHarness.json(harness.bapi("DELETE", "/v1/users/\(id)"))
    #expect(deleted == ["object": "user", "id": .string(id), "deleted": true])
    #expect(harness.bapi("GET", "/v1/users/\(id)").status == 404)
    #expect(harness.bapi("DELETE", "/v1/users/\(id)").status == 404)
  }
}
