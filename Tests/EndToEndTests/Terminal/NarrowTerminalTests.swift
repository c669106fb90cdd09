import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Help in a 60-column terminal with no `COLUMNS` exported (no shell exports it): wrapped at
/// the terminal's own width.
@Suite("Help at the terminal's width")
struct NarrowTerminalTests {
  @Test(
    "help wraps at a 60-column terminal's width without COLUMNS",
    arguments: [
      ["login", "--help"], ["help", "environment"],
    ])
  func wrapsAtTerminalWidth(arguments: [String]) async throws {
    let fixture = try await CLIFixture(.binary)
    var environment = fixture.environment
    environment["COLUMNS"] = nil
    let terminal = try await TmuxSession.start(
      [BuiltProducts.path("clerkctl")] + arguments,
      environment: environment, columns: 60)
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    // An example command is shown whole, as gh shows it.
    let long = screen.split(separator: "\n").filter {
      $0.count > 60 && !$0.hasPrefix("  clerkctl ")
    }
    #expect(long.isEmpty, "lines wider than the terminal:\n\(long.joined(separator: "\n"))")
  }
}
