import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
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
  /// The time source.
  package var clock: Clock
  /// What ends the process on Ctrl-C and at the sign-in deadline (`.live` for the real
  /// process; by default one that watches nothing, so a test's run never ends its process).
  package var processGuard: ProcessGuard
  /// Makes the HTTP client from its configuration (CA bundle, User-Agent): libcurl unless a
  /// test hands in another transport (e.g. an emulator in memory).
  package var makeHTTPClient: @Sendable (CurlConfiguration) -> HTTPClient = { .curl($0) }
  /// Starts a browser on a command line (see ``BrowserLauncher``); returns whether it started.
  package var launchBrowser:
    @Sendable (_ command: [String], _ environment: [String: String]) -> Bool =
      { BrowserLauncher.launch($0, environment: $1) }

  package init(
    terminal: Terminal, environment: [String: String], globals: GlobalOptions = GlobalOptions(),
    commandPath: [String] = [], clock: Clock = .system, processGuard: ProcessGuard = .inert
  ) {
    self.terminal = terminal
    self.environment = environment
    self.globals = globals
    self.commandPath = commandPath
    self.clock = clock
    self.processGuard = processGuard
  }

  /// The real process: its streams and environment.
  package static var live: CommandContext {
    CommandContext(
      terminal: .live, environment: ProcessEnvironment.current(), processGuard: .live)
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
    terminal.isTerminal(stream) && !globals.noColor && environment["NO_COLOR"] == nil
      && environment["TERM"] != "dumb"
  }

  /// The width to wrap help at: `$COLUMNS`, else 80.
  package var columns: Int {
    guard let text = environment["COLUMNS"], let value = Int(text), value >= 40 else { return 80 }
    return value
  }

  /// `"clerkctl jwt decode"`.
  package var commandName: String { (["clerkctl"] + commandPath).joined(separator: " ") }
}
