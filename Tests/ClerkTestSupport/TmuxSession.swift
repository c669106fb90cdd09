import ClerkctlCore
import Foundation

/// A program in a real terminal: a detached tmux session on a private server (its own socket,
/// no config), driven with send-keys and read with capture-pane. The server is killed when the
/// value goes away.
///
/// The program runs under bash with exactly `environment` (`env -i`), and when it ends bash
/// prints `[exit STATUS]` and the terminal's echo state (`[tty echo]` or `[tty -echo]`), then
/// waits, so the screen can still be read. Ctrl-C reaches the program as from a keyboard (bash
/// traps it, so bash itself lives on to report).
package final class TmuxSession: @unchecked Sendable {
  private let directory = TemporaryDirectory(prefix: "clerkctl-tmux")
  private let tmux: String
  private var socket: String { directory.file("socket") }

  /// Starts `command` (its first element a path) in a `columns`×30 terminal (100 unless told),
  /// blocking: on a thread of its own (``onOwnThread(_:)``), or awaited with
  /// ``start(_:environment:columns:)``.
  package init(
    _ command: [String], environment: [String: String], columns: Int = 100
  ) throws {
    guard let tmux = Self.find("tmux") else {
      throw SpawnError(
        message: "tmux is not installed; the terminal tests run prompts under it. "
          + "Install it (Scripts/setup.sh tmux) and run the tests again")
    }
    self.tmux = tmux
    let script =
      "trap : INT; \"$@\"; status=$?; echo \"[exit $status]\"; "
      + "if stty -a | tr ' ;' '\\n\\n' | grep -qx -- -echo; then echo '[tty -echo]'; "
      + "else echo '[tty echo]'; fi; exec sleep 600"
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let started = try tmuxRun(
      ["new-session", "-d", "-x", String(columns), "-y", "30", "/usr/bin/env", "-i"] + variables
        + ["/bin/bash", "-c", script, "bash"] + command)
    guard started.status == 0 else {
      throw SpawnError(message: "tmux new-session failed: \(started.stderr)")
    }
  }

  /// Kills the server on a thread of its own (which keeps the socket's directory until then).
  deinit {
    let (tmux, socket, directory) = (self.tmux, self.socket, self.directory)
    DetachedThread.start {
      _ = try? Self.run(tmux: tmux, socket: socket, ["kill-server"])
      _ = directory
    }
  }

  /// What the terminal shows now.
  package func screen() throws -> String {
    try tmuxRun(["capture-pane", "-p", "-J"]).stdout
  }

  /// Types `text` literally.
  package func type(_ text: String) throws {
    _ = try tmuxRun(["send-keys", "-l", text])
  }

  /// Presses keys by tmux name (`Enter`, `C-c`).
  package func press(_ keys: String...) throws {
    _ = try tmuxRun(["send-keys"] + keys)
  }

  /// Whether the terminal has echo on now, read from its device.
  package func echoes() throws -> Bool {
    let tty = try tmuxRun(["display-message", "-p", "#{pane_tty}"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let settings = try ProcessRun.run(
      "/bin/stty", ["-F", tty, "-a"], environment: ["PATH": "/usr/bin:/bin"])
    let flags = settings.stdout.split(whereSeparator: { " ;\n".contains($0) })
    return flags.contains("echo")
  }

  /// Polls the screen until `ready` holds for it (every 50 ms, up to `timeout` seconds);
  /// returns the last screen, and throws when time ran out.
  @discardableResult
  private func waitForScreenBlocking(
    timeout: Double = 30, _ what: String, until ready: (String) throws -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let shown = try screen()
      if try ready(shown) { return shown }
      guard Date() < deadline else {
        throw SpawnError(message: "timed out waiting for \(what); the screen shows:\n\(shown)")
      }
      usleep(50_000)
    }
  }

  /// Waits for `text` on the screen.
  @discardableResult
  package func waitFor(_ text: String, timeout: Double = 30) throws -> String {
    try waitForScreenBlocking(timeout: timeout, "'\(text)'") { $0.contains(text) }
  }

  /// Waits until the terminal's echo is off (a secret prompt is ready for typing).
  package func waitForEchoOff(timeout: Double = 30) throws {
    try waitForScreenBlocking(timeout: timeout, "echo off") { _ in try !echoes() }
  }

  /// Starts `command` as ``init(_:environment:)`` does, on a thread of its own, awaited.
  package static func start(
    _ command: [String], environment: [String: String], columns: Int = 100
  ) async throws -> TmuxSession {
    try await onOwnThread { try TmuxSession(command, environment: environment, columns: columns) }
  }

  /// What the terminal shows now, awaited.
  package func screen() async throws -> String {
    try await tmuxRun(["capture-pane", "-p", "-J"]).stdout
  }

  /// Types `text` literally, awaited.
  package func type(_ text: String) async throws {
    _ = try await tmuxRun(["send-keys", "-l", text])
  }

  /// Presses keys by tmux name (`Enter`, `C-c`), awaited.
  package func press(_ keys: String...) async throws {
    _ = try await tmuxRun(["send-keys"] + keys)
  }

  /// Whether the terminal has echo on now, awaited.
  package func echoes() async throws -> Bool {
    try await onOwnThread { try self.echoes() }
  }

  /// Polls the screen until `ready` holds for it (every 50 ms, up to `timeout` seconds),
  /// sleeping between polls without holding a thread; returns the last screen, and throws
  /// when time ran out.
  @discardableResult
  package func waitForScreen(
    timeout: Double = 30, _ what: String, until ready: (String) async throws -> Bool
  ) async throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let shown = try await screen()
      if try await ready(shown) { return shown }
      guard Date() < deadline else {
        throw SpawnError(message: "timed out waiting for \(what); the screen shows:\n\(shown)")
      }
      try await Task.sleep(nanoseconds: 50_000_000)
    }
  }

  /// Waits for `text` on the screen, awaited.
  @discardableResult
  package func waitFor(_ text: String, timeout: Double = 30) async throws -> String {
    let shows: (String) async throws -> Bool = { $0.contains(text) }
    return try await waitForScreen(timeout: timeout, "'\(text)'", until: shows)
  }

  /// Waits until the terminal's echo is off, awaited.
  package func waitForEchoOff(timeout: Double = 30) async throws {
    try await waitForScreen(timeout: timeout, "echo off") { _ in try await !echoes() }
  }

  private func tmuxRun(_ arguments: [String]) async throws -> ProcessResult {
    try await ProcessRun.run(
      tmux, ["-S", socket, "-f", "/dev/null"] + arguments,
      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"],
      timeout: 30)
  }

  private func tmuxRun(_ arguments: [String]) throws -> ProcessResult {
    try Self.run(tmux: tmux, socket: socket, arguments)
  }

  private static func run(
    tmux: String, socket: String, _ arguments: [String]
  ) throws -> ProcessResult {
    try ProcessRun.run(
      tmux, ["-S", socket, "-f", "/dev/null"] + arguments,
      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"],
      timeout: 30)
  }

  private static func find(_ program: String) -> String? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + program }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
