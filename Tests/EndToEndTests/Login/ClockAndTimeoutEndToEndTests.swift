import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Tokens judged on Clerk's clock, doctor's clock check, and the sign-in timeout — against an
/// emulator whose clock runs ahead of or behind the machine's (`--clock-offset`).
@Suite("Clerk's clock and the sign-in timeout")
struct ClockAndTimeoutEndToEndTests {
  private static func fixture(clockOffset: Int) async throws -> CLIFixture {
    try await CLIFixture(.binary, emulatorArguments: ["--clock-offset", String(clockOffset)])
  }

  @Test("Clerk 40 s behind: a fresh token has 60 s left on Clerk's clock, so it is reused")
  func serverBehind() async throws {
    let fixture = try await Self.fixture(clockOffset: -40)
    try await fixture.signIn()
    let session = try #require(fixture.credential()["session_id"]?.stringValue)
    let first = try await fixture.run(["token", "--template", "convex", "--min-ttl", "30"])
    #expect(first.status == 0)
    let second = try await fixture.run([
      "token", "--template", "convex", "--min-ttl", "30", "--json",
    ])
    #expect(second.status == 0)
    #expect(try await fixture.admin.requests(containing: session).count == 1)
    let left = try #require(JSONValue(parsing: second.stdout)["expires_in"]?.intValue)
    #expect(left > 30)
  }

  @Test("Clerk 40 s ahead: a token never has 70 s left on Clerk's clock, however it looks locally")
  func serverAhead() async throws {
    let fixture = try await Self.fixture(clockOffset: 40)
    try await fixture.signIn()
    let result = try await fixture.run(["token", "--template", "convex", "--min-ttl", "70"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("doctor fails the clock check when the local clock is 30 s off Clerk's")
  func doctorClock() async throws {
    let fixture = try await Self.fixture(clockOffset: 30)
    try await fixture.signIn()
    let result = try await fixture.run(["doctor"])
    #expect(result.status == 9, "\(result.stdout)\(result.stderr)")
    let line = result.stdout.split(separator: "\n").first { $0.contains("clock") }
    #expect(line?.hasPrefix("✗") == true, "\(result.stdout)")
    // Clerk's time is known to the second (iat, the Date header): 30 s give or take one.
    #expect(
      ["29 s", "30 s", "31 s"].contains { line?.contains($0) == true }, "\(result.stdout)")
  }

  @Test("--sign-in-timeout bounds a sign-in whose server stalls: exit 8, nothing stored")
  func signInTimeout() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.admin.fault([
      "path": "/v1/client/sign_ins", "count": 1, "delay_ms": 20000,
    ])
    let started = Date()
    let result = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--sign-in-timeout", "1"],
      stdin: "demo-password\n")
    #expect(result.status == 8, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("timed out"))
    #expect(result.stderr.contains("run 'clerkctl login --identifier demo@example.com' again"))
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(
      !FileManager.default.fileExists(atPath: fixture.configDir + "/profiles/default.json"))
  }
}
