import ClerkctlCommandLine
import ClerkctlCore

/// clerk-emulator(1), made from the same declaration as `--help`: `clerk-emulator --man`, which
/// `make install` and `make dist` write to `share/man/man1/clerk-emulator.1`.
package enum EmulatorManPage {
  /// The page, in roff.
  package static var roff: String {
    ProgramHelp.manPage(
      for: EmulatorCommandLine.Declaration.spec, version: ClerkVersion.current,
      seeAlso: ["clerkctl(1)"])
  }
}
