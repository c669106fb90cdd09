import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKit
import FoundationEssentials

/// What commands that talk to Clerk resolve from flags, environment and defaults — one
/// place for the precedence `flag > environment > profile > default`.
extension CommandContext {
  /// The profile: `--profile` > `CLERKCTL_PROFILE` > `clerkctl profile use` > `default`.
  package func profileName() throws -> String {
    try profileSelection().name
  }

  /// The profile in force and where it came from.
  package func profileSelection() throws -> ProfileSelection {
    let (name, origin) = try ProfileSelectionRule.select(
      given: globals.profile, environment: environment, store: try? profileStore())
    let source: ProfileSelection.Source =
      switch origin {
      case .argument: .flag
      case .environment: .environment
      case .profileUse: .profileUse
      case .builtIn: .builtIn
      }
    return ProfileSelection(name: name, source: source)
  }

  /// The config dir: `--config-dir` > `CLERKCTL_CONFIG_DIR` > XDG > `~/.config/clerkctl`.
  package func configDirectory() throws -> ConfigDirectory {
    try ConfigDirectory.resolve(given: globals.configDirectory, environment: environment)
  }

  /// The file store under the config dir, with the keyring for profiles that keep their
  /// secret there.
  package func profileStore() throws -> ProfileStore {
    var store = ProfileStore(
      directory: try configDirectory(), clock: clock, extraTrustAnchor: try extraTrustAnchor())
    store.keyring = keyring
    store.requestedLocation = requestedSecretLocation
    return store
  }

  /// Seconds per HTTP request: `--request-timeout` (checked by the parser) >
  /// `CLERKCTL_REQUEST_TIMEOUT` > `HTTPRequest.defaultTimeout`.
  package func requestTimeout() throws -> Double {
    if let flag = globals.requestTimeout { return flag }
    if let text = nonEmpty("CLERKCTL_REQUEST_TIMEOUT") {
      guard let value = Double(text), value > 0, value.isFinite else {
        throw UsageError(
          "CLERKCTL_REQUEST_TIMEOUT must be a positive number of seconds, got '\(text)'")
      }
      return value
    }
    return HTTPRequest.defaultTimeout
  }

  /// Whether HTTP tracing is on: `--verbose` or `CLERKCTL_DEBUG=1`.
  package var isVerbose: Bool {
    globals.verbose || PromptPolicy.isSet(environment["CLERKCTL_DEBUG"])
  }

  /// The HTTP client: ``makeHTTPClient``'s (libcurl; built on first use), the extra CA bundle
  /// from `--cacert` or `CLERKCTL_CA_BUNDLE`, a note on stderr when a credential goes through a
  /// proxy, and the trace on stderr when verbose.
  package func httpClient() -> HTTPClient {
    let caBundle = caBundlePath
    let userAgent = "clerkctl/\(ClerkVersion.current)"
    let make = makeHTTPClient
    var client = HTTPClient.lazy {
      make(CurlConfiguration(caBundlePath: caBundle, userAgent: userAgent))
    }
    let terminal = self.terminal
    client = ProxyNotice(environment: environment) { terminal.writeError($0) }.wrapping(client)
    // Progress only where a person watches one call at a time: not for exec, whose command
    // shares the terminal while tokens are refreshed behind it.
    // Not on TERM=dumb either: the line is drawn with cursor escapes.
    if terminal.isTerminal(.error), !globals.json, !isVerbose, commandPath.first != "exec",
      environment["TERM"] != "dumb"
    {
      let terminal = self.terminal
      client = ProgressLine { terminal.writeError($0) }.wrapping(client)
    }
    if isVerbose {
      let terminal = self.terminal
      client = client.tracing(clock: clock) { line in
        terminal.writeError("clerkctl: \(TerminalText.sanitized(line))\n")
      }
    }
    return client
  }

  /// The account layer for the selected profile (or `profile`), bound to the instance flags or
  /// environment name: a stored credential issued elsewhere is refused, never sent
  /// (`InstanceError.boundElsewhere`). A credential file others can read, used only to end its
  /// session (`logout`, `login` over it), is warned about on stderr.
  package func account(profile: String? = nil) throws -> ClerkAccount {
    var account = ClerkAccount(
      profile: try profile ?? profileName(), store: try profileStore(), http: httpClient(),
      clock: clock)
    account.requestTimeout = try requestTimeout()
    account.retry.startedAt = clock.now()
    account.instance = try instanceOverride()
    account.instanceKeyCheck = .jose
    let terminal = terminal
    account.onExposedCredential = { exposure in
      terminal.writeError(
        "clerkctl: warning: \(TerminalText.sanitized(ExposedCredentialWarning.text(for: exposure)))\n"
      )
    }
    return account
  }

  /// The instance settings in the command line's order: `--fapi-url` > `CLERK_FAPI_URL` >
  /// `--publishable-key` > `CLERK_PUBLISHABLE_KEY`.
  package var instanceSettings: [InstanceSetting] {
    InstanceResolver.settings(
      frontendAPIURL: globals.fapiURL.map {
        InstanceSetting(.frontendAPIURL, value: $0, source: "--fapi-url")
      },
      publishableKey: globals.publishableKey.map {
        InstanceSetting(.publishableKey, value: $0, source: "--publishable-key")
      },
      environment: environment)
  }

  /// The Frontend API URL: the instance flags or environment name, else what the profile stored.
  package func fapiURL(stored: String?) throws -> String {
    try InstanceResolver.resolveWithSource(settings: instanceSettings, stored: stored).url
  }

  /// The instance flags or environment name (`nil`: use what is stored), which a stored
  /// credential must have been issued by.
  package func instanceOverride() throws -> InstanceOverride? {
    try InstanceResolver.override(from: instanceSettings)
  }

  /// The Backend API URL: `--api-url` > `CLERK_API_URL` > `https://api.clerk.com`.
  package func apiURL() throws -> String {
    try InstanceResolver.resolveAPIURL(
      globals.apiURL, source: "--api-url", environment: environment)
  }

  /// An environment variable, `nil` when unset or empty.
  package func nonEmpty(_ name: String) -> String? {
    guard let value = environment[name], !value.isEmpty else { return nil }
    return value
  }

  /// Writes `text` and a newline to stderr, control characters other than its line breaks
  /// replaced (notes quote servers and files).
  package func note(_ text: String) {
    // --quiet keeps warnings and errors (they start with "clerkctl:"), not the rest.
    if globals.quiet, !text.hasPrefix("clerkctl:") { return }
    terminal.writeError(TerminalText.sanitizedLines(text) + "\n")
  }

  /// Writes `text` and a newline to stdout.
  package func print(_ text: String) {
    terminal.writeOutput(text + "\n")
  }
}
