import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// The built binary over loopback; status and logout run in process (ClerkCLITests'
/// SessionCommandsTests).
@Suite("clerkctl whoami, status and logout against the emulator")
struct SessionCommandsEndToEndTests {
  @Test("whoami checks the session live, or reads the file with --offline")
  func whoami() throws {
    let fixture = try CLIFixture(.binary)
    try fixture.signIn()
    let live = try fixture.run(["whoami", "--json"])
    #expect(live.status == 0)
    let json = try JSONValue(parsing: live.stdout)
    #expect(json["schema_version"] == 1)
    #expect(json["email"]?.stringValue == "demo@example.com")
    #expect(json["session_status"]?.stringValue == "active")
    #expect(json["fapi_url"]?.stringValue == fixture.fapiURL)
    #expect(json["profile"]?.stringValue == "default")
    let text = try fixture.run(["whoami"])
    #expect(text.stdout.contains("demo@example.com"))
    #expect(text.stdout.contains("(active)"))

    fixture.stopEmulator()
    let offline = try fixture.run(["whoami", "--offline"])
    #expect(offline.status == 0)
    #expect(offline.stdout.contains("demo@example.com"))
    let unreachable = try fixture.run(["whoami", "--request-timeout", "2"])
    #expect(unreachable.status == 5)
    #expect(unreachable.stdout.isEmpty)
  }
}
