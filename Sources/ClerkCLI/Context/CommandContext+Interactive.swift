import ClerkctlCommandLine

/// Interactive stretches of a command (prompts and the requests between them).
extension CommandContext {
  /// Runs `body` under `watch`; when prompts are possible, Ctrl-C also means
  /// `CLIError.interrupted` (a newline, `clerkctl: interrupted`, the terminal restored, exit
  /// 130) at every prompt and during every request in it, and echo stays off between prompts
  /// so nothing typed ahead of a password prompt shows.
  func interactively<T>(
    _ watch: ProcessGuard.Watch = ProcessGuard.Watch(), _ body: () throws -> T
  ) throws -> T {
    guard canPrompt else {
      return try processGuard.guarding(watch, terminal: terminal, body)
    }
    var watch = watch
    if watch.interruption == nil { watch.interruption = CLIError.interrupted }
    return try processGuard.guarding(watch, terminal: terminal) {
      // Echo goes off only once Ctrl-C is the guard's: from then on the process's end puts the
      // terminal back as it was found (`TerminalSettings`). Held before the watch, a Ctrl-C in
      // between would have ended clerkctl by the signal, leaving the terminal silent.
      terminal.holdEcho()
      defer { terminal.releaseEcho() }
      return try body()
    }
  }
}
