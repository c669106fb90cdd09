import ClerkCLI
import ClerkctlCore
import Foundation
import Testing

@Suite("logout --all asks at a terminal")
struct LogoutCommandTests {
  private static let terminal: Set<Terminal.Stream> = [.input, .error]

  @Test(
    "Any answer but y or yes signs nothing out and exits 1",
    arguments: ["", "n", "no", "yes please"])
  func declined(answer: String) throws {
    let fixture = try ProfileFixture(profiles: ["default", "work"])
    let result = fixture.run(["logout", "--all"], terminals: Self.terminal, input: answer + "\n")
    #expect(result.code == 1)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("Sign out every profile (default, work)? [y/N] "))
    #expect(
      result.error.hasSuffix(
        "clerkctl: not signing out any profile: the answer was not 'y' or 'yes'\n"))
    for name in ["default", "work"] {
      #expect(FileManager.default.fileExists(atPath: fixture.configDir + "/profiles/\(name).json"))
    }
  }

  @Test(
    "y goes on; --yes and a script are never asked",
    arguments: [
      (["logout", "--all"], "Y\n", true), (["logout", "--all", "--yes"], "", true),
      (["logout", "--all"], "", false),
    ])
  func proceeds(arguments: [String], input: String, atTerminal: Bool) throws {
    let fixture = try ProfileFixture(profiles: ["work"])
    let result = fixture.run(
      arguments + ["--request-timeout", "1", "--json"], terminals: atTerminal ? Self.terminal : [],
      input: input)
    // The fixture's instance is a closed port: the file goes, Clerk is not told (exit 5).
    #expect(result.code == 5, "\(result.error)")
    #expect(result.error.contains("[y/N]") == (input == "Y\n"))
    #expect(!FileManager.default.fileExists(atPath: fixture.configDir + "/profiles/work.json"))
    let json = try JSONValue(parsing: result.output)
    #expect(json == ["schema_version": 1, "signed_out": [["profile": "work", "revoked": false]]])
  }
}
