import ClerkCLI
import ClerkctlCore
import Glibc
import Testing

@Suite("Colour and local times (issue 28, bug 7)")
struct ColourAndTimeTests {
  @Test("NO_COLOR empty leaves colour on, as no-color.org says; any other value turns it off")
  func emptyNoColor() {
    let (terminal, _) = Terminal.capturing(terminals: [.error])
    #expect(CommandContext(terminal: terminal, environment: ["NO_COLOR": ""]).usesColour(.error))
    #expect(!CommandContext(terminal: terminal, environment: ["NO_COLOR": "1"]).usesColour(.error))
  }

  @Test("a deadline is shown in local time, in the zone TZ names")
  func localDeadline() {
    setenv("TZ", "UTC+2", 1)
    tzset()
    defer {
      unsetenv("TZ")
      tzset()
    }
    #expect(EpochTime.localTimeOfDay(7200 + 65) == "00:01:05 UTC")
  }
}

@Suite("version's build details (issue 28, gap 16)")
struct VersionDetailsTests {
  @Test("version --json has version, commit and build_date (null in a plain swift build)")
  func versionJSON() throws {
    let result = runCLI(["version", "--json"])
    let json = try JSONValue(parsing: result.output)
    #expect(json["version"]?.stringValue == ClerkVersion.current)
    #expect(json["commit"] != nil)
    #expect(json["build_date"] != nil)
    #expect(result.output == runCLI(["--version", "--json"]).output)
  }
}
