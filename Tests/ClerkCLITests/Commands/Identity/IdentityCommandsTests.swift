import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl whoami`, `status` and `logout` run in process against the emulator in memory.
@Suite("clerkctl whoami, status and logout, in process")
struct IdentityCommandsTests {
  /// Also through the built binary over loopback: the wire and the real process agree.
  @Test(
    "whoami checks the session live, or reads the file with --offline",
    arguments: [CLIFixture.Mode.inProcess, .binary])
  func whoami(mode: CLIFixture.Mode) async throws {
    let fixture = try await CLIFixture(mode)
    try await fixture.signIn()
    let live = try await fixture.run(["whoami", "--json"])
    #expect(live.status == 0)
    let json = try JSONValue(parsing: live.stdout)
    #expect(json["schema_version"] == 1)
    #expect(json["email"]?.stringValue == "demo@example.com")
    #expect(json["session_status"]?.stringValue == "active")
    #expect(json["fapi_url"]?.stringValue == fixture.fapiURL)
    #expect(json["profile"]?.stringValue == "default")
    let text = try await fixture.run(["whoami"])
    #expect(text.stdout.contains("demo@example.com"))
    #expect(text.stdout.contains("(active)"))

    await fixture.stopEmulator()
    let offline = try await fixture.run(["whoami", "--offline"])
    #expect(offline.status == 0)
    #expect(offline.stdout.contains("demo@example.com"))
    let unreachable = try await fixture.run(["whoami", "--request-timeout", "2"])
    #expect(unreachable.status == 5, "\(unreachable.stderr)")
    #expect(unreachable.stdout.isEmpty)
  }

  @Test("whoami after a server-side revoke is exit 4")
  func whoamiRevoked() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    try await fixture.admin.revoke(
      sessionID: try #require(fixture.credential()["session_id"]?.stringValue))
    let result = try await fixture.run(["whoami"])
    #expect(result.status == 4)
    #expect(result.stdout.isEmpty)
  }

  @Test("status: 0 with a live session, 4 without, 5 when Clerk is unreachable")
  func status() async throws {
    let fixture = try await CLIFixture()
    let none = try await fixture.run(["status", "--json"])
    #expect(none.status == 4)
    try await fixture.signIn()
    try await fixture.signIn(profile: "other")
    _ = try await fixture.run(["token", "--template", "convex"])
    let live = try await fixture.run(["status", "--json"])
    #expect(live.status == 0, "\(live.stderr)")
    let json = try JSONValue(parsing: live.stdout)
    #expect(json["schema_version"]?.intValue == 1)
    #expect(json["selected_profile"]?.stringValue == "default")
    let profiles = try #require(json["profiles"]?.arrayValue)
    #expect(profiles.compactMap { $0["profile"]?.stringValue } == ["default", "other"])
    let selected = try #require(profiles.first)
    #expect(selected["session_status"]?.stringValue == "active")
    #expect(selected["file"]?["mode"]?.stringValue == "600")
    #expect(selected["file"]?["path"]?.stringValue?.hasSuffix("/profiles/default.json") == true)
    let tokens = try #require(selected["tokens"]?.arrayValue)
    #expect(tokens.contains { $0["template"]?.stringValue == "convex" })
    // Every profile's session is checked, not only the selected one's (gh auth status).
    #expect(profiles.last?["session_status"]?.stringValue == "active")

    await fixture.stopEmulator()
    let down = try await fixture.run(["status", "--request-timeout", "2"])
    #expect(down.status == 5, "\(down.stderr)")
    #expect(down.stdout.contains("unreachable"))
  }

  @Test("logout ends the session at Clerk and deletes the file; --all does every profile")
  func logout() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    try await fixture.signIn(profile: "second")
    let session = try #require(fixture.credential()["session_id"]?.stringValue)
    let result = try await fixture.run(["logout"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("Signed out demo@example.com"))
    await #expect(try fixture.admin.requests(containing: "/sessions/\(session)/remove").count == 1)
    let path = fixture.configDir + "/profiles/default.json"
    #expect(!FileManager.default.fileExists(atPath: path))
    let again = try await fixture.run(["logout"])
    #expect(again.status == 0)
    #expect(again.stderr.contains("Not signed in"))
    let all = try await fixture.run(["logout", "--all", "--json"])
    #expect(all.status == 0)
    // Without a terminal --all never asks.
    #expect(!all.stderr.contains("[y/N]"))
    #expect(
      try JSONValue(parsing: all.stdout)
        == ["schema_version": 1, "signed_out": [["profile": "second", "revoked": true]]])
    await #expect(try fixture.run(["token", "--profile", "second"]).status == 4)
    let none = try await JSONValue(parsing: try fixture.run(["logout", "--json"]).stdout)
    #expect(none == ["schema_version": 1, "signed_out": []])
  }

  @Test("status names the login that fixes an ended session")
  func statusEnded() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn(profile: "work")
    try await fixture.admin.revoke(
      sessionID: try #require(fixture.credential(profile: "work")["session_id"]?.stringValue))
    let result = try await fixture.run(["status", "--profile", "work"])
    #expect(result.status == 4)
    #expect(result.stdout.contains("(ended); run 'clerkctl login --profile work' to sign in again"))
  }

  @Test("logout with Clerk unreachable still deletes locally, then exits 5")
  func logoutOffline() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    await fixture.stopEmulator()
    let result = try await fixture.run(["logout", "--request-timeout", "2", "--json"])
    #expect(result.status == 5)
    #expect(
      try JSONValue(parsing: result.stdout)
        == ["schema_version": 1, "signed_out": [["profile": "default", "revoked": false]]])
    #expect(result.stderr.contains("may live on"))
    let path = fixture.configDir + "/profiles/default.json"
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
