import Glibc

/// The one place clerkctl's process ends.
///
/// `finish` ends a run that returned normally (`main`); `terminate` ends it from
/// `ProcessGuard`'s watcher while the command is blocked, after putting the terminal back and
/// reporting the error through `ErrorReporter`, with the exit code its mapping gives.
package enum ProcessExit {
  /// Ends the process with `code`, flushing buffered output (`exit`).
  package static func finish(_ code: Int32) -> Never {
    if let failure = OutputFailure.recorded {
      let text = strerror(failure).map { String(cString: $0) } ?? "error \(failure)"
      let line = "clerkctl: cannot write to standard output: \(text)\n"
      _ = line.utf8CString.withUnsafeBufferPointer {
        write(STDERR_FILENO, $0.baseAddress, $0.count - 1)
      }
      exit(code == 0 ? 1 : code)
    }
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
