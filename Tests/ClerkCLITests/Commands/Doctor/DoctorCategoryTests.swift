import ClerkEmulator
import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl doctor`'s `category` line: a template token is what Convex takes, and what
/// Clerk's backend SDKs refuse where they expect a session token.
@Suite("clerkctl doctor: the token's category")
struct DoctorCategoryTests {
  private static func lines(_ result: ProcessResult) -> [String] {
    result.stdout.split(separator: "\n").map(String.init)
  }

  @Test("for the convex audience a template token passes, saying why")
  func convexPasses() throws {
    let fixture = try CLIFixture.signedIn()
    let result = try fixture.run(["doctor"])
    #expect(result.status == 0, "\(result.stdout)")
    let line = try #require(Self.lines(result).first { $0.hasPrefix("✓ category:") })
    #expect(line.contains("template token (cat cl_B7d4PD222AAA)"))
    #expect(line.contains("Convex checks iss, aud and the signature, not the category"))
  }

  @Test("for another audience a template token warns that Clerk's SDKs refuse it; exit stays 0")
  func otherAudienceWarns() throws {
    var configuration = EmulatorConfiguration.seed
    configuration.templates.append(
      .init(name: "api", claims: ["aud": "api", "sub": "{{user.id}}"]))
    let fixture = try CLIFixture(configuration: configuration)
    try fixture.signIn()
    let result = try fixture.run(["doctor", "--template", "api", "--audience", "api"])
    #expect(result.status == 0, "\(result.stdout)")
    let line = try #require(Self.lines(result).first { $0.hasPrefix("! category:") })
    #expect(line.contains("refuses it where it expects a session token (token-type-mismatch)"))
    #expect(line.contains("fix: send a backend that expects session tokens 'clerkctl token'"))

    let json = try fixture.run(["doctor", "--template", "api", "--audience", "api", "--json"])
    let report = try JSONValue(parsing: json.stdout)
    #expect(report["ok"] == true)
    let check = try #require(report["checks"]?.arrayValue?.first { $0["check"] == "category" })
    #expect(check["ok"] == true)
    #expect(check["skipped"] == false)
    #expect(check["fix"]?.stringValue?.contains("without --template") == true)
  }
}
