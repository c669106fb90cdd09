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
    watch.restoring = terminal.holdEcho()
    if watch.interruption == nil { watch.interruption = CLIError.interrupted }
    defer { terminal.releaseEcho() }
    return try processGuard.guarding(watch, terminal: terminal, body)
  }
}
