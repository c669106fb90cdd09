import ClerkctlCore
import Glibc

/// Every change clerkctl makes to a terminal's settings goes through one of these, so that the
/// process's end can put the terminal back for good: it keeps each terminal's settings as it
/// found them before its first change, and once ``restoreForExit(_:)`` has run, each later
/// ``apply(_:to:action:)`` is dropped.
///
/// Ctrl-C is handled on the watcher thread while the command's thread runs on. Without the
/// lock, Ctrl-C just as a password prompt turned echo off was lost: the watcher restored echo,
/// then the prompt's `tcsetattr` turned it off again before `_exit`, and the user's shell was
/// left without echo.
package final class TerminalSettings: Sendable {
  /// The one the process's prompts and its end share.
  package static let process = TerminalSettings()

  private struct State {
    /// Whether the process is ending (the terminals are restored for the last time).
    var ended = false
    /// Each terminal's settings before the first change made here, by descriptor.
    var found: [Int32: termios] = [:]
  }

  private let state = Lock(State())

  package init() {}

  /// Sets `state` on `descriptor` (`tcsetattr` with `action`) unless the process is ending;
  /// returns whether it was set.
  @discardableResult
  package func apply(_ settings: termios, to descriptor: Int32, action: Int32 = TCSANOW) -> Bool {
    state.withLock { state in
      guard !state.ended else { return false }
      if state.found[descriptor] == nil {
        var current = termios()
        if tcgetattr(descriptor, &current) == 0 { state.found[descriptor] = current }
      }
      var settings = settings
      return tcsetattr(descriptor, action, &settings) == 0
    }
  }

  /// Puts back every saved state, newest first (so the oldest is the one left), then each
  /// terminal changed here as it was found, and drops every change asked for afterwards.
  package func restoreForExit(_ saved: [ProcessGuard.SavedTerminal]) {
    state.withLock { state in
      state.ended = true
      let found = state.found.map {
        ProcessGuard.SavedTerminal(descriptor: $0.key, state: $0.value)
      }
      for entry in saved.reversed() + found {
        var settings = entry.state
        _ = tcsetattr(entry.descriptor, TCSAFLUSH, &settings)
      }
    }
  }
}
