import ClerkctlCore
import Glibc

/// Keeps the live terminal from echoing while clerkctl waits between prompts, the way sudo and
/// ssh never leave a terminal echoing while a secret may be typed: what is typed ahead of a
/// password prompt (during a slow request) is not shown. Echoing prompts turn echo back on for
/// the read (``echo(_:)``); ``end()`` puts the terminal back as it was, and so does the
/// process's end (`TerminalSettings`).
enum EchoHold {
  /// The terminal's state before the hold; `nil` while none is in force.
  private static let original = Lock<ProcessGuard.SavedTerminal?>(nil)

  /// Turns echo off on stdin when it is a terminal (and no hold is in force already).
  static func begin() {
    original.withLock { original in
      guard original == nil, isatty(STDIN_FILENO) == 1 else { return }
      var state = termios()
      guard tcgetattr(STDIN_FILENO, &state) == 0 else { return }
      var silent = state
      silent.c_lflag &= ~tcflag_t(ECHO)
      TerminalSettings.process.apply(silent, to: STDIN_FILENO)
      original = ProcessGuard.SavedTerminal(descriptor: STDIN_FILENO, state: state)
    }
  }

  /// Ends the hold: the terminal echoes as it did before ``begin()``.
  static func end() {
    original.withLock { original in
      guard let saved = original?.state else { return }
      TerminalSettings.process.apply(saved, to: STDIN_FILENO)
      original = nil
    }
  }

  /// While a hold is in force, `true` puts the terminal's own echo back (an echoing prompt
  /// is being read) and `false` turns echo off again; with no hold, does nothing.
  static func echo(_ on: Bool) {
    original.withLock { original in
      guard var state = original?.state else { return }
      if !on { state.c_lflag &= ~tcflag_t(ECHO) }
      TerminalSettings.process.apply(state, to: STDIN_FILENO)
    }
  }
}
