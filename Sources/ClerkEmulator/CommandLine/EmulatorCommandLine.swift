import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE

/// `clerk-emulator [--host 127.0.0.1] [--port 0] [--config FILE] [--key-file FILE] [--quiet]`: the command line
/// of the emulator executable, parsed in process so that tests can reach it.
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

  /// The options that take a value, then the flags (for "did you mean").
  static let valueOptions = [
    "--host", "--port", "--config", "--instance", "--allow-redirect", "--oauth-auto-approve",
    "--clock-offset", "--key-file", "--webhook-url", "--webhook-secret",
  ]
  static let flags = ["--quiet", "--help", "--version"]

  /// Parses `arguments` (without the program name).
  package static func parse(_ arguments: [String]) throws(EmulatorUsageError) -> Command {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func value() throws(EmulatorUsageError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst() else {
          throw EmulatorUsageError("missing value for '\(name)'")
        }
        return next
      }
      func noValue() throws(EmulatorUsageError) {
        if inline != nil { throw EmulatorUsageError("'\(name)' does not take a value") }
      }
      switch name {
      case "-h", "--help":
        try noValue()
        return .help
      case "--version":
        try noValue()
        return .version
      case "--man":
        try noValue()
        return .manPage
      case "--host": options.host = try value()
      case "--port":
        let text = try value()
        guard let port = Int(text), (0...65535).contains(port) else {
          throw EmulatorUsageError("'--port' must be a number from 0 to 65535, got '\(text)'")
        }
        options.port = port
      case "--config": options.config = try value()
      case "--key-file":
        let path = try value()
        guard !path.isEmpty else { throw EmulatorUsageError("'--key-file' expects a path") }
        options.keyFile = path
      case "--quiet":
        try noValue()
        options.quiet = true
      case "--instance":
        let text = try value()
        guard let instance = EmulatorConfiguration.Instance(rawValue: text) else {
          throw EmulatorUsageError(
            "'--instance' must be 'development' or 'production', got '\(text)'")
        }
        options.instance = instance
      case "--allow-redirect": options.allowRedirects.append(try value())
      case "--oauth-auto-approve": options.oauthAutoApprove = try value()
      case "--clock-offset":
        let text = try value()
        guard let offset = Double(text), offset.isFinite else {
          throw EmulatorUsageError("'--clock-offset' expects a number of seconds, got '\(text)'")
        }
        options.clockOffset = offset
      case "--webhook-url":
        let text = try value()
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), text.count > 8 else {
          throw EmulatorUsageError("'--webhook-url' must be an http:// or https:// URL")
        }
        options.webhookURL = text
      case "--webhook-secret":
        options.webhookSecret = try checkedWebhookSecret(try value(), source: "'--webhook-secret'")
      default:
        if name.hasPrefix("-") {
          var message = "unknown option '\(name)'"
          if let suggestion = Suggestion.closest(to: name, in: valueOptions + flags) {
            message += "; did you mean '\(suggestion)'?"
          }
          throw EmulatorUsageError(message)
        }
        throw EmulatorUsageError("unexpected argument '\(argument)'")
      }
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

  /// `clerk-emulator --help`.
  package static let usage = """
    OVERVIEW: A local Clerk (Frontend API, Backend API subset, JWKS) plus a Convex-style API.

    USAGE: clerk-emulator [--host <host>] [--port <port>] [--config <file>] [--quiet]
                          [--key-file <file>] [--instance development|production]
                          [--allow-redirect <url>]... [--oauth-auto-approve <email>]
                          [--clock-offset <seconds>]
                          [--webhook-url <url> [--webhook-secret whsec_…]]

    OPTIONS:
      --host <host>             Address to listen on (default: 127.0.0.1); one that is not
                                loopback prints a warning.
      --port <port>             Port to listen on; 0 picks a free one (default: 0).
      --config <file>           JSON data replacing the seed: users, templates,
                                organizations, memberships, and machines ("machines":
                                [{"name","id","secret_key","scoped_machines",
                                "default_token_ttl"}], fixed ids and ak_ secrets optional).
      --quiet                   Do not log requests to stderr.
      --key-file <file>         Keep the signing key in this PEM file: read when it exists,
                                else written once with a new key (0600), so every start
                                publishes the same key under the same kid, the instance id
                                (the config's key_file, relative to the config file, does the
                                same). A file that
                                cannot be read or holds no RSA key: one line, exit 1.
      --instance <type>         development (default: any browser sign-in redirect URL) or
                                production (only allowlisted redirect URLs).
      --allow-redirect <url>    Add a redirect URL to the allowlist (repeatable; adds to the
                                config's redirect_allowlist).
      --oauth-auto-approve <email>
                                The fake provider page picks this user and submits itself.
      --clock-offset <seconds>  Run the emulator's clock this far ahead (negative: behind) of
                                the machine's, to test clients against a skewed server clock.
      --webhook-url <url>       Post Clerk's webhook events (user.*, session.*,
                                organization.*, organizationMembership.*) there, signed the
                                Svix way, off the request path, retried with backoff.
      --webhook-secret <whsec_…>
                                The signing secret (else CLERK_WEBHOOK_SIGNING_SECRET, else
                                a fresh one, printed as webhook_secret in the JSON line).
      -h, --help                Show this help.
      --version                 Print the version.

    Prints one JSON line with fapi_url, api_url, convex_url, jwks_url, publishable_key,
    secret_key and test_token (the test surface's key) once it accepts connections; runs until
    SIGINT or SIGTERM. Without a key file,
    the signing key is generated in the background after that line; a request that needs it
    first (a token, the JWKS) waits for it.

    """
}
