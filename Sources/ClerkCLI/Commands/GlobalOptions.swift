/// The global options of the contract, accepted before or after any command.
///
/// Holds only what the command line said; the precedence flag > environment > profile >
/// default is applied by whoever builds the configuration.
package struct GlobalOptions: Sendable, Equatable {
  /// `--profile NAME`.
  package var profile: String?
  /// `--config-dir DIR`.
  package var configDirectory: String?
  /// `--publishable-key KEY`.
  package var publishableKey: String?
  /// `--fapi-url URL`.
  package var fapiURL: String?
  /// `--api-url URL`.
  package var apiURL: String?
  /// `--request-timeout SECONDS`.
  package var requestTimeout: Double?
  /// `--cacert FILE`.
  package var caCertificateFile: String?
  /// `--verbose`.
  package var verbose: Bool
  /// `--json`.
  package var json: Bool
  /// `--no-input`.
  package var noInput: Bool
  /// `--no-color`.
  package var noColor: Bool = false

  package init(
    profile: String? = nil, configDirectory: String? = nil, publishableKey: String? = nil,
    fapiURL: String? = nil, apiURL: String? = nil, requestTimeout: Double? = nil,
    caCertificateFile: String? = nil, verbose: Bool = false, json: Bool = false,
    noInput: Bool = false
  ) {
    self.profile = profile
    self.configDirectory = configDirectory
    self.publishableKey = publishableKey
    self.fapiURL = fapiURL
    self.apiURL = apiURL
    self.requestTimeout = requestTimeout
    self.caCertificateFile = caCertificateFile
    self.verbose = verbose
    self.json = json
    self.noInput = noInput
  }

  /// Reads the global options from a parse result.
  package init(parsed: ParsedArguments) {
    self.init(
      profile: parsed.value("profile"), configDirectory: parsed.value("config-dir"),
      publishableKey: parsed.value("publishable-key"), fapiURL: parsed.value("fapi-url"),
      apiURL: parsed.value("api-url"), requestTimeout: parsed[.requestTimeout],
      caCertificateFile: parsed.value("cacert"), verbose: parsed.flag("verbose"),
      json: parsed.flag("json"), noInput: parsed.flag("no-input"))
    noColor = parsed.flag("no-color")
  }

  /// The declarations of the global options (the root command's options).
  package static let specs: [OptionSpec] = [
    .option(
      "profile", value: "name", kind: .profile,
      help: "The stored sign-in to use; else the one 'clerkctl profile use' chose.",
      environmentVariable: "CLERKCTL_PROFILE", defaultValue: "default"),
    .option(
      "config-dir", value: "dir", kind: .directory,
      help: "Where profiles are kept; default $XDG_CONFIG_HOME/clerkctl, else ~/.config/clerkctl.",
      environmentVariable: "CLERKCTL_CONFIG_DIR"),
    .option(
      "publishable-key", value: "key",
      help: "The instance's pk_test_/pk_live_ key; the Frontend API host is decoded from it.",
      environmentVariable: "CLERK_PUBLISHABLE_KEY"),
    .option(
      "fapi-url", value: "url", kind: .url,
      help: "Frontend API base URL; overrides the key (proxies, the emulator).",
      environmentVariable: "CLERK_FAPI_URL"),
    .option(
      "api-url", value: "url", kind: .url, help: "Backend API base URL.",
      environmentVariable: "CLERK_API_URL", defaultValue: "https://api.clerk.com"),
    OptionKey.requestTimeout.spec,
    .option(
      "cacert", value: "file", kind: .path, help: "Extra CA bundle for TLS.",
      environmentVariable: "SSL_CERT_FILE"),
    .flag(
      "verbose",
      help: "Trace HTTP on stderr: method, URL, status, timing; secrets redacted.",
      environmentVariable: "CLERKCTL_DEBUG"),
    .flag("json", help: "Machine-readable output, where the command has any."),
    .flag("no-input", help: "Never prompt.", environmentVariable: "CLERKCTL_NO_INPUT"),
    .flag("no-color", help: "No colour (also with NO_COLOR set or TERM=dumb)."),
    .flag("help", short: "h", help: "Show help information."),
    .flag("version", help: "Show the version."),
  ]
}
