import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE

/// `clerk-emulator [<options>]`: the command line of the emulator executable, declared and
/// parsed as clerkctl's are (ClerkctlCommandLine), in process so that tests can reach it.
package enum EmulatorCommandLine {
  /// What the command line asks for.
  package struct Options: Equatable, Sendable {
    package var host = "127.0.0.1"
    package var port = 0
    package var config: String?
    package var quiet = false
    package var instance: EmulatorConfiguration.Instance?
    package var allowRedirects: [String] = []
    package var oauthAutoApprove: String?
    package var clockOffset: Double = 0
    /// `--key-file`: where the signing key is kept (overrides the config's `key_file`).
    package var keyFile: String?
    /// `--webhook-url`: where Clerk's webhook events are posted.
    package var webhookURL: String?
    /// `--webhook-secret` (else `CLERK_WEBHOOK_SIGNING_SECRET`, else a fresh one).
    package var webhookSecret: String?

    package init() {}
  }

  /// The outcome of parsing: run with options, or print ``usage`` or ``versionLine`` and exit 0.
  package enum Command: Equatable, Sendable {
    case run(Options)
    case help
    case version
    /// `--man` (hidden): the clerk-emulator(1) man page, in roff.
    case manPage
  }

  /// The options, declared once: the parser, `--help` and `--man` read them.
  enum Declared {
    static let host = OptionKey.string(
      "host", value: "host",
      help: "Address to listen on; one that is not loopback prints a warning.",
      defaultValue: "127.0.0.1")
    // Checked by `parse` (its own messages), so declared as text.
    static let port = OptionKey<String?>.string(
      "port", value: "port", help: "Port to listen on; 0 picks a free one.", shownDefault: "0")
    static let config = OptionKey<String?>.string(
      "config", value: "file", kind: .path,
      help: "JSON data replacing the seed: users, templates, organizations, memberships, and "
        + "machines ([{\"name\",\"id\",\"secret_key\",\"scoped_machines\","
        + "\"default_token_ttl\"}], fixed ids and ak_ secrets optional).")
    static let quiet = OptionKey.flag("quiet", help: "Do not log requests to stderr.")
    static let keyFile = OptionKey<String?>.string(
      "key-file", value: "file", kind: .path,
      help: "Keep the signing key in this PEM file: read when it exists, else written once with "
        + "a new key (0600), so every start publishes the same key under the same kid, the "
        + "instance id (the config's key_file, relative to the config file, does the same). A "
        + "file that cannot be read or holds no RSA key: one line, exit 1.")
    static let instance = OptionKey<String?>.string(
      "instance", value: "type",
      help: "development (any browser sign-in redirect URL) or production (only allowlisted "
        + "redirect URLs).", shownDefault: "development")
    static let allowRedirect = OptionKey.repeatable(
      "allow-redirect", value: "url", kind: .url,
      help: "Add a redirect URL to the allowlist (adds to the config's redirect_allowlist).")
    static let oauthAutoApprove = OptionKey<String?>.string(
      "oauth-auto-approve", value: "email",
      help: "The fake provider page picks this user and submits itself.")
    static let clockOffset = OptionKey<String?>.string(
      "clock-offset", value: "seconds",
      help: "Run the emulator's clock this far ahead (negative: behind) of the machine's, to "
        + "test clients against a skewed server clock.")
    static let webhookURL = OptionKey<String?>.string(
      "webhook-url", value: "url", kind: .url,
      help: "Post Clerk's webhook events (user.*, session.*, organization.*, "
        + "organizationMembership.*) there, signed the Svix way, off the request path, retried "
        + "with backoff.")
    static let webhookSecret = OptionKey<String?>.string(
      "webhook-secret", value: "whsec_…",
      help: "The signing secret (else a fresh one, printed as webhook_secret in the JSON line).",
      environmentVariable: "CLERK_WEBHOOK_SIGNING_SECRET")
    static let help = OptionKey.flag("help", short: "h", help: "Show this help.")
    static let version = OptionKey.flag("version", help: "Print the version.")
    /// `--man` (hidden): the clerk-emulator(1) man page.
    static let man = OptionKey.flag("man", help: "Print the man page.", isHidden: true)
  }

  /// The command the parser, `--help` and `--man` read.
  struct Declaration: CommandDeclaration {
    static var spec: CommandSpec {
      CommandSpec(
        name: "clerk-emulator",
        abstract:
          "A local Clerk (Frontend API, Backend API subset, JWKS) plus a Convex-style API.",
        discussion: """
          Prints one JSON line with fapi_url, api_url, convex_url, jwks_url, publishable_key, \
          secret_key and test_token (the test surface's key) once it accepts connections; runs \
          until SIGINT or SIGTERM. Without a key file, the signing key is generated in the \
          background after that line; a request that needs it first (a token, the JWKS) waits \
          for it.
          """,
        examples: [
          CommandExample(
            "Start on a free port, then point clerkctl at the printed fapi_url",
            "clerk-emulator --port 0 --quiet")
        ],
        options: [
          Declared.host.spec, Declared.port.spec, Declared.config.spec, Declared.quiet.spec,
          Declared.keyFile.spec, Declared.instance.spec, Declared.allowRedirect.spec,
          Declared.oauthAutoApprove.spec, Declared.clockOffset.spec, Declared.webhookURL.spec,
          Declared.webhookSecret.spec, Declared.help.spec, Declared.version.spec,
          Declared.man.spec,
        ])
    }
  }

  /// The options that take a value, then the flags (for tests of the help text).
  static var valueOptions: [String] {
    Declaration.spec.options.filter { !$0.isFlag }.map(\.longFlag)
  }
  static var flags: [String] {
    Declaration.spec.options.filter { $0.isFlag && !$0.isHidden }.map(\.longFlag)
  }

  /// Parses `arguments` (without the program name) with the declaration-based parser
  /// clerkctl uses, then checks the values it leaves to the emulator.
  package static func parse(_ arguments: [String]) throws(EmulatorUsageError) -> Command {
    let outcome: ParseOutcome
    do {
      outcome = try CommandLineParser(root: Declaration.self).parse(arguments)
    } catch let error as UsageError {
      throw EmulatorUsageError(error.message)
    } catch {
      throw EmulatorUsageError("\(error)")
    }
    switch outcome {
    case .help: return .help
    case .version: return .version
    case .run(_, let parsed): return try command(parsed)
    }
  }

  /// What a parsed command line asks for, its values checked.
  private static func command(_ parsed: ParsedArguments) throws(EmulatorUsageError) -> Command {
    if parsed[Declared.man] { return .manPage }
    var options = Options()
    options.host = parsed[Declared.host]
    if let text = parsed[Declared.port] {
      guard let port = Int(text), (0...65535).contains(port) else {
        throw EmulatorUsageError("'--port' must be a number from 0 to 65535, got '\(text)'")
      }
      options.port = port
    }
    options.config = parsed[Declared.config]
    options.quiet = parsed[Declared.quiet]
    if let path = parsed[Declared.keyFile] {
      guard !path.isEmpty else { throw EmulatorUsageError("'--key-file' expects a path") }
      options.keyFile = path
    }
    if let text = parsed[Declared.instance] {
      guard let instance = EmulatorConfiguration.Instance(rawValue: text) else {
        throw EmulatorUsageError(
          "'--instance' must be 'development' or 'production', got '\(text)'")
      }
      options.instance = instance
    }
    options.allowRedirects = parsed[Declared.allowRedirect]
    options.oauthAutoApprove = parsed[Declared.oauthAutoApprove]
    if let text = parsed[Declared.clockOffset] {
      guard let offset = Double(text), offset.isFinite else {
        throw EmulatorUsageError("'--clock-offset' expects a number of seconds, got '\(text)'")
      }
      options.clockOffset = offset
    }
    if let text = parsed[Declared.webhookURL] {
      guard text.hasPrefix("http://") || text.hasPrefix("https://"), text.count > 8 else {
        throw EmulatorUsageError("'--webhook-url' must be an http:// or https:// URL")
      }
      options.webhookURL = text
    }
    if let secret = parsed[Declared.webhookSecret] {
      options.webhookSecret = try checkedWebhookSecret(secret, source: "'--webhook-secret'")
    }
    if options.webhookSecret != nil && options.webhookURL == nil {
      throw EmulatorUsageError("'--webhook-secret' needs '--webhook-url'")
    }
    return .run(options)
  }

  /// `secret` when it is a Svix signing secret (`whsec_` and base64), else a usage error that
  /// names `source` but never the value.
  package static func checkedWebhookSecret(
    _ secret: String, source: String
  ) throws(EmulatorUsageError) -> String {
    guard secret.hasPrefix("whsec_"), WebhookSettings.key(ofSecret: secret) != nil else {
      throw EmulatorUsageError(
        "\(source) must be a Svix signing secret: whsec_ followed by base64")
    }
    return secret
  }

  /// The warning printed on stderr for a `--host` that is not loopback, else nil.
  package static func hostWarning(for host: String) -> String? {
    guard !LoopbackHost.isLoopback(host) else { return nil }
    return "clerk-emulator: warning: --host \(host) is not a loopback address: the seeded "
      + "users and their known passwords are reachable from the network"
  }

  /// The host the printed URLs name: the loopback address for a loopback or wildcard host,
  /// else the host itself (bracketed when it is IPv6).
  package static func advertisedHost(for host: String) -> String {
    switch host {
    case "0.0.0.0", "localhost": "127.0.0.1"
    case "::", "::1": "[::1]"
    case let host where host.contains(":"): "[\(host)]"
    case let host: host
    }
  }

  /// `clerk-emulator --version`.
  package static var versionLine: String { "clerk-emulator \(ClerkVersion.current)" }

  /// `clerk-emulator --help`, made from the declaration.
  package static var usage: String { ProgramHelp.help(for: Declaration.spec) }
}
