import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@Suite("version, and colour only where it belongs")
struct VersionAndColourTests {
  @Test("clerkctl version prints what --version prints")
  func version() throws {
    let command = runCLI(["version"])
    #expect(command.code == 0)
    #expect(command.output == runCLI(["--version"]).output)
    #expect(command.output == "clerkctl \(ClerkVersion.current)\n")
    let json = try JSONValue(parsing: runCLI(["version", "--json"]).output)
    // A plain swift build knows no commit or build date (make build passes them in).
    #expect(
      json == [
        "schema_version": 1, "version": .string(ClerkVersion.current), "commit": .null,
        "build_date": .null,
      ])
  }

  @Test(
    "Colour only on a terminal, never with --no-color, NO_COLOR or TERM=dumb",
    arguments: [
      ([], [:], true), (["--no-color"], [:], false), ([], ["NO_COLOR": "1"], false),
      ([], ["TERM": "dumb"], false), ([], ["TERM": "xterm-256color"], true),
    ] as [([String], [String: String], Bool)])
  func colour(flags: [String], environment: [String: String], coloured: Bool) {
    let home = TemporaryDirectory()
    let result = runCLI(
      ["doctor"] + flags, environment: environment.merging(["HOME": home.path]) { a, _ in a },
      terminals: [.output])
    #expect(result.code == 3)
    #expect(result.output.contains("\u{1B}[") == coloured, "\(result.output)")
    #expect(result.output.contains("instance configured"))
  }

  @Test("Off a terminal, no colour")
  func pipe() {
    let home = TemporaryDirectory()
    let result = runCLI(["doctor"], environment: ["HOME": home.path])
    #expect(!result.output.contains("\u{1B}["))
  }
}
