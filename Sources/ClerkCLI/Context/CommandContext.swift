import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKeyring
import ClerkctlKit
import FoundationEssentials

/// Everything a command reaches outside itself: the streams, the environment variables and the
/// global options. Tests build one with ``Terminal/capturing(input:terminals:)``.
package struct CommandContext: Sendable {
  /// The standard streams.
  package var terminal: Terminal
  /// The process environment.
  package var environment: [String: String]
  /// The global options given on the command line (flags only; apply environment and profile
  /// fallbacks on top).
  package var globals: GlobalOptions
  /// The command being run, below the root (`["jwt", "decode"]`).
  package var commandPath: [String]
  /// The time source (`.live`: the system clock; by default a fixed instant, so a test that
  /// forgets to inject one sees a clock that does not move rather than the real one).
  package var clock: Clock
  /// What ends the process on Ctrl-C and at the sign-in deadline (`.live` for the real
  /// process; by default one that watches nothing, so a test's run never ends its process).
  package var processGuard: ProcessGuard
  /// Makes the HTTP client from its configuration (CA bundle, User-Agent): libcurl in `.live`;
  /// by default one that sends nothing and fails, so a test reaches the network only when it
  /// says so (an emulator in memory, or `.curl` for loopback).
  package var makeHTTPClient: @Sendable (CurlConfiguration) -> HTTPClient = { _ in
    .unconfigured
  }
  /// What the commands' child processes are spawned inside (``ChildProcess/SpawnGate``): the
  /// spawn alone, in clerkctl and by default; a test process's lock in its in-process runs.
  package var spawnGate: ChildProcess.SpawnGate = ChildProcess.ungated
  /// Starts a browser on a command line (see ``BrowserLauncher``); returns whether it started.
  /// `.live` starts the system's; by default none starts.
  package var launchBrowser:
    @Sendable (_ command: [String], _ environment: [String: String]) -> Bool = { _, _ in false }
  /// The OS keyring, for profiles that keep their secret there: the Secret Service in
  /// `.live`; by default one that refuses every call, so a test reaches a keyring only when it
  /// says so.
  package var keyring: any SecretKeyring = UnconfiguredKeyring()
  /// Where saves of a new sign-in keep its secret (`login --store`, `CLERKCTL_STORE`); `nil`:
  /// where the profile keeps it, else the file. See `CommandContext+Keyring.swift`.
  package var requestedSecretLocation: SecretLocation?
  /// The extra trust anchor once computed (``extraTrustAnchor()``), shared by this context's
  /// copies.
  let trustAnchors = TrustAnchorMemo()

  package init(
    terminal: Terminal, environment: [String: String], globals: GlobalOptions = GlobalOptions(),
    commandPath: [String] = [], clock: Clock = .fixed(CommandContext.fixedInstant),
    processGuard: ProcessGuard = .inert
  ) {
    self.terminal = terminal
    self.environment = environment
    self.globals = globals
    self.commandPath = commandPath
    self.clock = clock
    self.processGuard = processGuard
  }

  /// The instant the default clock stands at: 2026-01-01T00:00:00Z.
  package static let fixedInstant = Date(timeIntervalSince1970: 1_767_225_600)

  /// The real process: its streams and environment, libcurl, the system's browser and clock.
  /// The only place that names them.
  package static var live: CommandContext {
    var context = CommandContext(
      terminal: .live, environment: ProcessEnvironment.current(), clock: .system,
      processGuard: .live)
    context.makeHTTPClient = { .curl($0) }
    context.launchBrowser = { BrowserLauncher.launch($0, environment: $1) }
    context.keyring = SecretServiceKeyring.shared
    return context
  }

  /// Whether prompts are allowed (see ``PromptPolicy``).
  package var canPrompt: Bool {
    PromptPolicy.allowsPrompts(
      stdinIsTerminal: terminal.isTerminal(.input),
      stderrIsTerminal: terminal.isTerminal(.error),
      noInputFlag: globals.noInput, environment: environment)
  }

  /// Whether `stream` may carry colour: a terminal, without `--no-color`, `NO_COLOR` or
  /// `TERM=dumb`.
  package func usesColour(_ stream: Terminal.Stream) -> Bool {
    terminal.isTerminal(stream) && !globals.noColor && nonEmpty("NO_COLOR") == nil
      && environment["TERM"] != "dumb"
  }

  /// The width to wrap help at: `$COLUMNS`, else the terminal's own width (`TIOCGWINSZ`: no
  /// shell exports `COLUMNS`), else 80; never below 40.
  package var columns: Int {
    if let text = environment["COLUMNS"], let value = Int(text), value >= 40 { return value }
    guard let width = terminal.columns() else { return 80 }
    return max(40, width)
  }

  /// `"clerkctl jwt decode"`.
  package var commandName: String { (["clerkctl"] + commandPath).joined(separator: " ") }
}
