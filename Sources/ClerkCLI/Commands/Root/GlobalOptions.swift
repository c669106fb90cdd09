import ClerkctlCommandLine
import ClerkctlKit

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
  /// `-q`, `--quiet`: no success lines on stderr.
  package var quiet: Bool = false
  /// `--store file|keyring`: where a sign-in made by this command keeps its secret.
  package var store: SecretLocation?

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
      profile: parsed[.profile], configDirectory: parsed[.configDirectory],
      publishableKey: parsed[.publishableKey], fapiURL: parsed[.fapiURL],
      apiURL: parsed[.apiURL], requestTimeout: parsed[.requestTimeout],
      caCertificateFile: parsed[.caCertificateFile], verbose: parsed[.verbose],
      json: parsed[.json], noInput: parsed[.noInput])
    noColor = parsed[.noColor]
    quiet = parsed[.quiet]
    store = parsed[.store]
  }

  /// The declarations of the global options (the root command's options).
  package static let specs: [OptionSpec] = [
    OptionKey.profile.spec, OptionKey.configDirectory.spec, OptionKey.publishableKey.spec,
    OptionKey.fapiURL.spec, OptionKey.apiURL.spec, OptionKey.requestTimeout.spec,
    OptionKey.caCertificateFile.spec, OptionKey.store.spec, OptionKey.verbose.spec,
    OptionKey.json.spec,
    OptionKey.noInput.spec, OptionKey.noColor.spec, OptionKey.quiet.spec, OptionKey.help.spec,
    OptionKey.version.spec,
  ]
}

// MARK: - The global options, accepted by every command

extension OptionKey where Value == String? {
  /// `--profile NAME`.
  package static let profile = OptionKey.string(
    "profile", short: "p", value: "name", kind: .profile,
    help: "The stored sign-in to use; else the one 'clerkctl profile use' chose.",
    environmentVariable: "CLERKCTL_PROFILE", shownDefault: "default")
  /// `--config-dir DIR`.
  package static let configDirectory = OptionKey.string(
    "config-dir", value: "dir", kind: .directory,
    help: "Where profiles are kept; default $XDG_CONFIG_HOME/clerkctl, else ~/.config/clerkctl.",
    environmentVariable: "CLERKCTL_CONFIG_DIR")
  /// `--publishable-key KEY`.
  package static let publishableKey = OptionKey.string(
    "publishable-key", value: "key",
    help: "The instance's pk_test_/pk_live_ key; the Frontend API host is decoded from it.",
    environmentVariable: "CLERK_PUBLISHABLE_KEY")
  /// `--fapi-url URL`.
  package static let fapiURL = OptionKey.string(
    "fapi-url", value: "url", kind: .url,
    help: "Frontend API base URL; overrides the key (proxies, the emulator).",
    environmentVariable: "CLERK_FAPI_URL")
  /// `--api-url URL`.
  package static let apiURL = OptionKey.string(
    "api-url", value: "url", kind: .url, help: "Backend API base URL.",
    environmentVariable: "CLERK_API_URL", shownDefault: "https://api.clerk.com")
  /// `--cacert FILE`.
  package static let caCertificateFile = OptionKey.string(
    "cacert", value: "file", kind: .path, help: "Extra CA bundle for TLS.",
    environmentVariable: "CLERKCTL_CA_BUNDLE")
}

extension OptionKey where Value == SecretLocation? {
  /// `--store file|keyring`: only a command that stores a sign-in acts on it; the others use
  /// the store the profile already keeps its secret in.
  package static let store: OptionKey<SecretLocation?> = .choice(
    "store", value: "store",
    help: "Where a sign-in keeps its secret: file (0600) or keyring (the Secret Service); "
      + "else the profile's 'store' config, else where it keeps it now, else file.",
    environmentVariable: "CLERKCTL_STORE")
}

extension OptionKey where Value == Bool {
  /// `--verbose`.
  package static let verbose = OptionKey.flag(
    "verbose",
    help: "Trace HTTP on stderr: method, URL, status, timing; secrets redacted.",
    environmentVariable: "CLERKCTL_DEBUG")
  /// `--json`.
  package static let json = OptionKey.flag(
    "json", help: "Machine-readable output, where the command has any.")
  /// `--no-input`.
  package static let noInput = OptionKey.flag(
    "no-input", help: "Never prompt.", environmentVariable: "CLERKCTL_NO_INPUT")
  /// `--no-color`.
  package static let noColor = OptionKey.flag(
    "no-color", help: "No colour (also with NO_COLOR set or TERM=dumb).")
  /// `--help`, `-h` (the parser acts on it).
  package static let help = OptionKey.flag("help", short: "h", help: "Show help information.")
  /// `--version` (the parser acts on it).
  package static let version = OptionKey.flag(
    "version", short: "V", help: "Show the version.")
  /// `-q`, `--quiet`.
  package static let quiet = OptionKey.flag(
    "quiet", short: "q", help: "No success lines on stderr (warnings and errors still).")
}
