import Glibc

/// The one place clerkctl's process ends.
///
/// `finish` ends a run that returned normally (`main`); `terminate` ends it from
/// `ProcessGuard`'s watcher while the command is blocked, after putting the terminal back and
/// reporting the error through `ErrorReporter`, with the exit code its mapping gives.
package enum ProcessExit {
  /// Ends the process with `code`, flushing buffered output (`exit`).
  package static func finish(_ code: Int32) -> Never {
    exit(code)
  }

  /// Ends the process now because of `error`: restores `restoring` (terminal settings changed
  /// for a prompt), writes a newline (a prompt may be mid-line) and the one-line report to
  /// stderr, and exits with `ErrorReporter.exitCode(for:)`. Runs on a watcher thread, never in
  /// a signal handler; `_exit` so that no other thread's cleanup runs while commands block.
  package static func terminate(
    _ error: any Error, restoring: [ProcessGuard.SavedTerminal], terminal: Terminal
  ) -> Never {
    for saved in restoring.reversed() {
      var state = saved.state
      _ = tcsetattr(saved.descriptor, TCSAFLUSH, &state)
    }
    terminal.writeError("\n" + ErrorReporter.report(for: error, commandPath: []))
    _exit(ErrorReporter.exitCode(for: error).rawValue)
  }
}
