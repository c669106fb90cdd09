import ClerkTestSupport
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore

/// The user flows of the conformance recording: update, moderation, metadata, the password
/// check and deletion, each success and the refusals Clerk documents.
extension Flows {
  func users() throws {
    let created = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/users",
        json: ["email_address": ["flows-user@example.com"], "password": "flows-password-1"]))
    let id = try #require(created["id"]?.stringValue)
    let path = "/v1/users/\(id)"
    let counted = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/users/count?email_address=flows-user%40example.com"))
    #expect(counted["total_count"]?.intValue == 1)
    #expect(counted["object"]?.stringValue == "total_count")
    #expect(
      harness.bapi("PATCH", path, json: ["first_name": "Flo", "public_metadata": ["a": 1]]).status
        == 200)
    #expect(harness.bapi("PATCH", path, json: ["password": "short"]).status == 422)
    #expect(harness.bapi("PATCH", "/v1/users/user_nope", json: [:]).status == 404)
    for action in ["ban", "unban", "lock", "unlock"] {
      #expect(harness.bapi("POST", path + "/\(action)").status == 200)
    }
    #expect(
      harness.bapi("PATCH", path + "/metadata", json: ["private_metadata": ["b": ["c": 1]]])
        .status == 200)
    #expect(harness.bapi("PATCH", path + "/metadata", json: ["public_metadata": 3]).status == 422)
    #expect(
      harness.bapi("POST", path + "/verify_password", json: ["password": "flows-password-1"])
        .status == 200)
    #expect(
      harness.bapi("POST", path + "/verify_password", json: ["password": "wrong-password"])
        .status == 422)
    #expect(harness.bapi("DELETE", path).status == 200)
    #expect(harness.bapi("DELETE", path).status == 404)
  }
}
