import ClerkTestSupport
import Glibc
import Testing

@testable import ClerkCLI

/// The terminal's settings at the process's end: restored once, for good.
@Suite("Terminal settings at the process's end")
struct TerminalSettingsTests {
  /// The secondary side's settings with echo on or off.
  private func state(of terminal: PseudoTerminal, echo: Bool) -> termios {
    var state = termios()
    _ = tcgetattr(terminal.secondary, &state)
    if echo {
      state.c_lflag |= tcflag_t(ECHO)
    } else {
      state.c_lflag &= ~tcflag_t(ECHO)
    }
    return state
  }

  @Test("after the restore for the exit, a prompt's late change to the terminal is dropped")
  func lateChangeDropped() throws {
    let terminal = try PseudoTerminal()
    let settings = TerminalSettings()
    let original = state(of: terminal, echo: true)
    #expect(settings.apply(state(of: terminal, echo: false), to: terminal.secondary))
    #expect(!terminal.echoes)
    // Ctrl-C: the watcher thread restores the terminal as it was…
    settings.restoreForExit([
      ProcessGuard.SavedTerminal(descriptor: terminal.secondary, state: original)
    ])
    #expect(terminal.echoes)
    // …and the prompt's thread, still running until `_exit`, turns echo off: not any more.
    #expect(!settings.apply(state(of: terminal, echo: false), to: terminal.secondary))
    #expect(terminal.echoes, "the terminal was left without echo")
  }

  @Test("the states saved are put back newest first, so the oldest is the one left")
  func oldestWins() throws {
    let terminal = try PseudoTerminal()
    let settings = TerminalSettings()
    let echoing = state(of: terminal, echo: true)
    let silent = state(of: terminal, echo: false)
    // The hold saved the echoing state; the secret prompt, started under it, saved a silent one.
    settings.restoreForExit([
      ProcessGuard.SavedTerminal(descriptor: terminal.secondary, state: echoing),
      ProcessGuard.SavedTerminal(descriptor: terminal.secondary, state: silent),
    ])
    #expect(terminal.echoes)
  }

  @Test("a terminal changed here is put back as it was found, though no watch saved it")
  func foundStateRestored() throws {
    let terminal = try PseudoTerminal()
    let settings = TerminalSettings()
    #expect(terminal.echoes)
    // The echo hold between prompts: its change is made before anything saved the state.
    #expect(settings.apply(state(of: terminal, echo: false), to: terminal.secondary))
    #expect(settings.apply(state(of: terminal, echo: false), to: terminal.secondary))
    settings.restoreForExit([])
    #expect(terminal.echoes, "the terminal was left without echo")
  }
}
