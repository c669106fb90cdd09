import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl doctor` run in process against the emulator in memory: discovery, JWKS and the
/// clock check go through the same in-memory client.
@Suite("clerkctl doctor, in process")
struct DoctorCommandTests {
  let fixture: CLIFixture

  init() throws {
    fixture = try CLIFixture()
  }

  private func signIn() throws {
    try fixture.signIn()
  }

  private func lines(_ result: ProcessResult) -> [String] {
    result.stdout.split(separator: "\n").map(String.init)
  }

  /// Also through the built binary over loopback: discovery, JWKS and the clock check on the
  /// wire.
  @Test(
    "a healthy setup passes every check and exits 0",
    arguments: [CLIFixture.Mode.inProcess, .binary])
  func healthy(mode: CLIFixture.Mode) async throws {
    let fixture = try await CLIFixture(mode)
    try await fixture.signIn()
    let result = try await fixture.run(["doctor"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let names = lines(result).compactMap { $0.split(separator: ":").first.map(String.init) }
    #expect(
      names == [
        "✓ instance configured", "✓ instance reachable", "✓ credential file", "✓ signed in",
        "✓ session live", "✓ template mints", "✓ iss", "✓ aud", "✓ sub", "✓ category",
        "✓ signature", "✓ clock",
      ])
    #expect(result.stdout.contains("\u{1B}") == false, "no colour off a terminal")
  }

  @Test("--audience wrong fails the aud line precisely and exits 9")
  func wrongAudience() throws {
    try signIn()
    let result = try fixture.run(["doctor", "--audience", "wrong"])
    #expect(result.status == 9)
    let aud = try #require(lines(result).first { $0.hasPrefix("✗ aud:") })
    #expect(aud.contains("expected exactly 'wrong', got 'convex'"))
    #expect(aud.contains("fix: set \"aud\": \"wrong\""))
    #expect(lines(result).filter { $0.hasPrefix("✗") }.count == 1, "\(result.stdout)")
  }

  @Test("not signed in fails with the login fix and exits 4")
  func notSignedIn() throws {
    let result = try fixture.run(["doctor"])
    #expect(result.status == 4)
    let line = try #require(lines(result).first { $0.hasPrefix("✗ signed in:") })
    #expect(line.contains("fix: run 'clerkctl login'"))
    #expect(lines(result).contains { $0.hasPrefix("- template mints: skipped") })
    #expect(lines(result).contains { $0.hasPrefix("✓ instance reachable") })
  }

  @Test("an unknown template exits 7, naming it")
  func unknownTemplate() throws {
    try signIn()
    let result = try fixture.run(["doctor", "--template", "nope", "--json"])
    #expect(result.status == 7)
    let report = try JSONValue(parsing: result.stdout)
    #expect(report["schema_version"] == 1)
    #expect(report["ok"] == false)
    let checks = try #require(report["checks"]?.arrayValue)
    let mint = try #require(checks.first { $0["check"] == "template mints" })
    #expect(mint["ok"] == false)
    #expect(mint["detail"]?.stringValue?.contains("'nope'") == true)
    #expect(mint["fix"]?.stringValue?.contains("JWT template named 'nope'") == true)
    #expect(checks.first { $0["check"] == "aud" }?["skipped"] == true)
  }

  @Test("a credential file others can read fails with the chmod fix and exits 3")
  func unsafeFile() throws {
    try signIn()
    let path = fixture.configDir + "/profiles/default.json"
    #expect(chmod(path, 0o644) == 0)
    let result = try fixture.run(["doctor"])
    #expect(result.status == 3)
    let line = try #require(lines(result).first { $0.hasPrefix("✗ credential file:") })
    #expect(line.contains("fix: chmod 600 '\(path)'"))
  }

  @Test("an unreachable instance exits 5")
  func unreachable() throws {
    let result = try fixture.run(
      ["doctor"], extra: ["CLERK_FAPI_URL": "http://127.0.0.1:1", "CLERKCTL_REQUEST_TIMEOUT": "2"])
    #expect(result.status == 5)
    #expect(lines(result).contains { $0.hasPrefix("✗ instance reachable:") })
  }

  @Test("a network failure after sign-in is not fixed by signing in again")
  func networkDown() throws {
    try signIn()
    fixture.stopEmulator()
    let result = try fixture.run(["doctor", "--request-timeout", "2"])
    #expect(result.status == 5)
    let line = try #require(lines(result).first { $0.hasPrefix("✗ session live:") })
    #expect(!line.contains("clerkctl login"), "\(line)")
    #expect(line.contains("fix: check the network connection"))
  }
}
