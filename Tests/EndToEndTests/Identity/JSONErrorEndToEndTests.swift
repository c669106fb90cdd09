import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// With --json a failure is one object on stderr (issue 28, gap 19).
@Suite("--json failures as one object on stderr, end to end")
struct JSONErrorEndToEndTests {
  @Test("not signed in: exit 4, the object with message, exit_code, clerk_code null and hint")
  func notSignedIn() async throws {
    let fixture = try await CLIFixture(.binary)
    let result = try await fixture.run(["token", "--json"])
    #expect(result.status == 4)
    #expect(result.stdout.isEmpty)
    let object = try JSONValue(parsing: result.stderr)
    #expect(object["schema_version"] == 1)
    #expect(object["error"]?["exit_code"] == 4)
    #expect(object["error"]?["clerk_code"] == .null)
    #expect(object["error"]?["message"]?.stringValue?.contains("not signed in") == true)
    #expect(object["error"]?["hint"]?.stringValue?.contains("clerkctl login") == true)
  }

  @Test("a wrong password: Clerk's code is clerk_code; a usage error's hint names --help")
  func clerkCodeAndUsage() async throws {
    let fixture = try await CLIFixture(.binary)
    let wrong = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--json"],
      stdin: "not-it\n")
    #expect(wrong.status == 6)
    let object = try JSONValue(parsing: wrong.stderr)
    #expect(object["error"]?["clerk_code"] == "form_password_incorrect", "\(wrong.stderr)")
    let usage = try await fixture.run(["token", "--json", "--bogus"])
    #expect(usage.status == 2)
    let parsed = try JSONValue(parsing: usage.stderr)
    #expect(parsed["error"]?["hint"] == "see 'clerkctl token --help'", "\(usage.stderr)")
  }
}
