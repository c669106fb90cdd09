import Testing

@testable import ClerkEmulator

@Suite("clerk-emulator(1)")
struct EmulatorManPageTests {
  @Test("--man prints a page from the same usage: NAME, SYNOPSIS, an entry per option")
  func page() throws {
    #expect(try EmulatorCommandLine.parse(["--man"]) == .manPage)
    let roff = EmulatorManPage.roff
    #expect(roff.hasPrefix(".TH CLERK-EMULATOR 1 "))
    #expect(roff.contains("\n.SH SYNOPSIS\n"))
    #expect(roff.contains(".TP\n.B \\-\\-config <file>\n"), "\(roff)")
    #expect(roff.contains(".TP\n.B \\-\\-version\n"))
    #expect(roff.contains("\\fBclerkctl\\fR(1)"))
  }
}
