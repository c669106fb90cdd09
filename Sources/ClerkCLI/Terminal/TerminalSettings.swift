import ClerkctlCore
import Glibc

/// Every change clerkctl makes to a terminal's settings goes through one of these, so that the
/// process's end can put the terminal back for good: once ``restoreForExit(_:)`` has run, each
/// later ``apply(_:to:action:)`` is dropped.
///
/// Ctrl-C is handled on the watcher thread while the command's thread runs on. Without the
/// lock, Ctrl-C just as a password prompt turned echo off was lost: the watcher restored echo,
/// then the prompt's `tcsetattr` turned it off again before `_exit`, and the user's shell was
/// left without echo.
package final class TerminalSettings: Sendable {
  /// The one the process's prompts and its end share.
  package static let process = TerminalSettings()

  /// Whether the process is ending (the terminal is restored for the last time).
  private let ended = Lock(false)

  package init() {}

  /// Sets `state` on `descriptor` (`tcsetattr` with `action`) unless the process is ending;
  /// returns whether it was set.
  @discardableResult
  package func apply(_ state: termios, to descriptor: Int32, action: Int32 = TCSANOW) -> Bool {
    ended.withLock { ended in
      guard !ended else { return false }
      var state = state
      return tcsetattr(descriptor, action, &state) == 0
    }
  }

  /// Puts back every saved state, newest first (so the oldest, the terminal as it was before
  /// clerkctl, is the one left), and drops every change asked for afterwards.
  package func restoreForExit(_ saved: [ProcessGuard.SavedTerminal]) {
    ended.withLock { ended in
      ended = true
      for entry in saved.reversed() {
        var state = entry.state
        _ = tcsetattr(entry.descriptor, TCSAFLUSH, &state)
      }
    }
  }
}
