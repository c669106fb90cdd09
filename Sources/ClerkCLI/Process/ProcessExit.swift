import Glibc

/// The one place clerkctl's process ends.
///
/// `finish` ends a run that returned normally (`main`); `terminate` ends it from
/// `ProcessGuard`'s watcher while the command is blocked, after putting the terminal back and
/// reporting the error through `ErrorReporter`, with the exit code its mapping gives.
package enum ProcessExit {
  /// Ends the process with `code`, flushing what stdio buffered.
  ///
  /// `_exit` after `fflush`, not `exit`: clerkctl writes its output with write(2) (`Terminal`),
  /// and the exit handlers libraries registered only free memory the process is giving back.
  /// OpenSSL's (`OPENSSL_cleanup`, registered once libcurl is loaded) cost every cold mint
  /// 0.8 M instructions, 1.6 M over TLS, and tore OpenSSL down under any thread still in a
  /// transfer.
  package static func finish(_ code: Int32) -> Never {
    var code = code
    if let failure = OutputFailure.recorded {
      let text = strerror(failure).map { String(cString: $0) } ?? "error \(failure)"
      let line = "clerkctl: cannot write to standard output: \(text)\n"
      _ = line.utf8CString.withUnsafeBufferPointer {
        write(STDERR_FILENO, $0.baseAddress, $0.count - 1)
      }
      if code == 0 { code = 1 }
    }
    fflush(nil)
    _exit(code)
  }

  /// Ends the process now because of `error`: restores `restoring` (terminal settings changed
  /// for a prompt), writes a newline (a prompt may be mid-line) and the one-line report to
  /// stderr, and exits with `ErrorReporter.exitCode(for:)`. Runs on a watcher thread, never in
  /// a signal handler; `_exit` so that no other thread's cleanup runs while commands block.
  package static func terminate(
    _ error: any Error, restoring: [ProcessGuard.SavedTerminal], terminal: Terminal
  ) -> Never {
    TerminalSettings.process.restoreForExit(restoring)
    terminal.writeError("\n" + ErrorReporter.report(for: error, commandPath: []))
    _exit(ErrorReporter.exitCode(for: error).rawValue)
  }
}
