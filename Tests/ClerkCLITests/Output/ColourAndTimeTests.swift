import ClerkCLI
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
