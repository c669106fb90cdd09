import Glibc

/// Turns terminal echo off around a read, restoring it on return. While echo is off, Ctrl-C is
/// `ProcessGuard`'s: it puts the terminal back and ends clerkctl with `CLIError.interrupted`
/// (exit 130).
enum SecretReader {
  /// Runs `body` with echo off on `descriptor` when it is a terminal; otherwise just runs it.
  ///
  /// - Parameters:
  ///   - processGuard: who ends the process on Ctrl-C, restoring the terminal first.
  ///   - terminal: where that ending is reported.
  static func withEchoOff<T>(
    descriptor: Int32, processGuard: ProcessGuard, terminal: Terminal, _ body: () throws -> T
  ) throws -> T {
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return try body() }
    let watching = processGuard.watch(
      ProcessGuard.Watch(
        interruption: CLIError.interrupted,
        restoring: ProcessGuard.SavedTerminal(descriptor: descriptor, state: original)),
      terminal)
    var silent = original
    silent.c_lflag &= ~tcflag_t(ECHO)
    TerminalSettings.process.apply(silent, to: descriptor, action: TCSAFLUSH)
    defer {
      TerminalSettings.process.apply(original, to: descriptor, action: TCSAFLUSH)
      watching.stop()
      var newline = UInt8(ascii: "\n")
      _ = write(STDERR_FILENO, &newline, 1)
    }
    return try body()
  }
}
