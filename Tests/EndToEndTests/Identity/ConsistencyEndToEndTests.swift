import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Inconsistencies of issue 28 (bug 7), through the built binary.
@Suite("Consistent names, streams and flags, end to end")
struct ConsistencyEndToEndTests {
  @Test("a phone user is named by the phone number in logout; --json objects carry identifier")
  func identifierEverywhere() async throws {
    let fixture = try await CLIFixture(.binary)
    let login = try await fixture.run(
      ["login", "--identifier", "phoneuser", "--code-stdin"], stdin: "424242\n")
    #expect(login.status == 0, "\(login.stderr)")
    let status = try await fixture.run(["status", "--json"])
    #expect(status.stdout.contains(#""identifier": "+15555550100""#), "\(status.stdout)")
    let list = try await fixture.run(["profile", "list", "--json"])
    #expect(list.stdout.contains(#""identifier": "+15555550100""#), "\(list.stdout)")
    let logout = try await fixture.run(["logout"])
    #expect(logout.stderr.contains("Signed out +15555550100"), "\(logout.stderr)")
  }

  @Test("token --output - writes to stdout, not a file named -")
  func outputDashIsStdout() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let result = try await fixture.run(["token", "--output", "-"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("eyJ"), "\(result.stdout)")
    #expect(!FileManager.default.fileExists(atPath: fixture.home.path + "/-"))
  }

  @Test("--version --json is JSON; --json on exec, completion and help is refused")
  func jsonFlag() async throws {
    let fixture = try await CLIFixture(.binary)
    let version = try await fixture.run(["--version", "--json"])
    #expect(version.stdout.contains(#""schema_version": 1"#), "\(version.stdout)")
    for arguments in [
      ["--json", "exec", "--", "true"], ["completion", "bash", "--json"],
      ["help", "--json"],
    ] {
      let result = try await fixture.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("has no JSON output"), "\(result.stderr)")
    }
  }

  @Test("logout --all forgets the profile use choice; login names a non-default profile")
  func profileUseAfterLogoutAll() async throws {
    let fixture = try await CLIFixture(.binary)
    let login = try await fixture.signIn(profile: "work")
    #expect(login.stderr.contains("(profile 'work')"), "\(login.stderr)")
    #expect(try await fixture.run(["profile", "use", "work"]).status == 0)
    #expect(try await fixture.run(["logout", "--all"]).status == 0)
    let current = try await fixture.run(["profile", "current"])
    #expect(current.stdout == "default\n", "\(current.stdout) \(current.stderr)")
  }
}
