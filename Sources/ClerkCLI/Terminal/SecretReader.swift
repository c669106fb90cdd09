import Glibc

/// Turns terminal echo off around a read, restoring it on return and on Ctrl-C (which then
/// exits 130).
enum SecretReader {
  /// The terminal state to restore from the SIGINT handler, which can capture nothing.
  nonisolated(unsafe) private static var savedState = termios()
  nonisolated(unsafe) private static var savedDescriptor: Int32 = -1

  /// Puts the terminal back as it was before a secret read in progress, if one is.
  static func restoreTerminal() {
    guard savedDescriptor >= 0 else { return }
    var state = savedState
    _ = tcsetattr(savedDescriptor, TCSAFLUSH, &state)
  }

  /// Runs `body` with echo off on `descriptor` when it is a terminal; otherwise just runs it.
  static func withEchoOff<T>(descriptor: Int32, _ body: () throws -> T) throws -> T {
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return try body() }
    savedState = original
    savedDescriptor = descriptor
    let previousHandler = signal(SIGINT) { _ in
      var state = SecretReader.savedState
      _ = tcsetattr(SecretReader.savedDescriptor, TCSAFLUSH, &state)
      var newline = UInt8(ascii: "\n")
      _ = write(STDERR_FILENO, &newline, 1)
      _exit(130)
    }
    var silent = original
    silent.c_lflag &= ~tcflag_t(ECHO)
    _ = tcsetattr(descriptor, TCSAFLUSH, &silent)
    defer {
      _ = tcsetattr(descriptor, TCSAFLUSH, &original)
      savedDescriptor = -1
      _ = signal(SIGINT, previousHandler)
      var newline = UInt8(ascii: "\n")
      _ = write(STDERR_FILENO, &newline, 1)
    }
    return try body()
  }
}
