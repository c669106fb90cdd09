import ClerkctlKit
import Glibc

/// The one component that may end clerkctl while a command is blocked (at a prompt, on stdin,
/// waiting for the browser): Ctrl-C (SIGINT) and the sign-in deadline. Either way the terminal
/// is put back as it was, the error is reported through `ErrorReporter`, and the process exits
/// with the code the one mapping gives it (see `ProcessExit`).
///
/// Commands reach it through `CommandContext.processGuard`; tests put in a recording one.
package struct ProcessGuard: Sendable {
  /// What to watch for while a command blocks.
  package struct Watch: Sendable {
    /// What Ctrl-C means while watched (`CLIError.interrupted`, …); `nil` leaves SIGINT as it is.
    package var interruption: (any Error & Sendable)?
    /// Seconds from now after which the process ends with `expiry`; `nil`: no deadline.
    package var deadline: Double?
    /// The error a passed deadline reports (`ClerkError.signInTimedOut`, …).
    package var expiry: (any Error & Sendable)?
    /// A terminal's state to put back before the process ends this way (echo turned off).
    package var restoring: SavedTerminal?

    package init(
      interruption: (any Error & Sendable)? = nil, deadline: Double? = nil,
      expiry: (any Error & Sendable)? = nil, restoring: SavedTerminal? = nil
    ) {
      self.interruption = interruption
      self.deadline = deadline
      self.expiry = expiry
      self.restoring = restoring
    }

    /// The sign-in deadline: after `seconds`, `ClerkError.signInTimedOut` (exit 8).
    package static func signIn(seconds: Double) -> Watch {
      Watch(deadline: seconds, expiry: ClerkError.signInTimedOut(seconds: seconds))
    }
  }

  /// A terminal's settings, saved before they were changed.
  package struct SavedTerminal: @unchecked Sendable {
    package var descriptor: Int32
    package var state: termios

    package init(descriptor: Int32, state: termios) {
      self.descriptor = descriptor
      self.state = state
    }
  }

  /// A watch in force; `stop()` ends it (it then never fires).
  package struct Watching: Sendable {
    package var stop: @Sendable () -> Void

    package init(stop: @escaping @Sendable () -> Void) { self.stop = stop }
  }

  /// Starts a watch; the terminal is where the final report goes.
  package var watch: @Sendable (Watch, Terminal) -> Watching

  package init(watch: @escaping @Sendable (Watch, Terminal) -> Watching) {
    self.watch = watch
  }

  /// Runs `body` under `watch`, stopping the watch when it returns or throws.
  package func guarding<T>(
    _ watch: Watch, terminal: Terminal, _ body: () throws -> T
  ) rethrows -> T {
    let watching = self.watch(watch, terminal)
    defer { watching.stop() }
    return try body()
  }

  /// The real thing: SIGINT and deadlines end the process (`SignalWatcher`, `ProcessExit`).
  package static let live: ProcessGuard = {
    let watcher = SignalWatcher { error, terminal, restoring in
      ProcessExit.terminate(error, restoring: restoring, terminal: terminal)
    }
    return ProcessGuard { watch, terminal in watcher.watch(watch, terminal: terminal) }
  }()
}
