import ClerkctlBrowserSignIn
import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl login --client-id ID`: a sign-in with Clerk as the OAuth 2.1 authorization server
/// (kind `oauth`).
extension LoginCommand {
  /// The options of `login --client-id`.
  package enum OAuthOptions {
    package static let clientID = OptionKey.string(
      "client-id", value: "client-id",
      help: "Sign in with Clerk as the OAuth provider, for this OAuth application (PKCE in the "
        + "browser; stores an oauth profile).")
    package static let scope = OptionKey.string(
      "scope", value: "scopes",
      help: "With --client-id: the scopes to ask for, space-separated.",
      defaultValue: "openid email profile offline_access")
    package static let clientSecretFromStdin = OptionKey.flag(
      "client-secret-stdin",
      help: "With --client-id: read a confidential client's secret from stdin's first line "
        + "(else CLERK_OAUTH_CLIENT_SECRET).")

    package static var specs: [OptionSpec] {
      [clientID.spec, scope.spec, clientSecretFromStdin.spec]
    }
  }

  /// What goes with `--client-id`, checked together.
  struct OAuthLoginOptions: Sendable {
    var clientID: String
    var scopes: [String]
    var secretFromStdin: Bool
    var noBrowser: Bool
    var callbackPort: Int
    var timeout: Double

    /// `nil` without `--client-id`.
    init?(parsed: ParsedArguments) throws {
      let given = !parsed.values(of: OAuthOptions.scope.spec).isEmpty
      guard let clientID = parsed[OAuthOptions.clientID] else {
        if given { throw UsageError("'--scope' goes with '--client-id'") }
        if parsed[OAuthOptions.clientSecretFromStdin] {
          throw UsageError("'--client-secret-stdin' goes with '--client-id'")
        }
        return nil
      }
      guard !clientID.isEmpty, !clientID.contains(where: \.isWhitespace) else {
        throw UsageError("'--client-id' expects an OAuth client id, got '\(clientID)'")
      }
      let others: [(Bool, String)] = [
        (parsed[Options.identifier] != nil, "--identifier"),
        (parsed[Options.passwordFromStdin], "--password-stdin"),
        (parsed[Options.strategy] != nil, "--strategy"),
        (parsed[Options.secondFactor] != nil, "--second-factor"),
        (parsed[Options.codeFromStdin], "--code-stdin"),
        (parsed[Options.ticketFromStdin], "--ticket-stdin"),
        (parsed[Options.userID] != nil, "--user-id"),
        (parsed[Options.oauth] != nil, "--oauth"), (parsed[Options.sso] != nil, "--sso"),
        (parsed[Options.redirectURL] != nil, "--redirect-url"),
        (parsed[MachineOptions.machine], "--machine"),
        (parsed[LoginCommand.apiKeyFromStdin], "--api-key-stdin"),
        (parsed[LoginCommand.impersonate] != nil, "--impersonate"),
      ]
      if let other = others.first(where: \.0) {
        throw UsageError(
          "--client-id takes no \(other.1): it signs in with Clerk as the OAuth provider")
      }
      self.clientID = clientID
      scopes = parsed[OAuthOptions.scope].split(whereSeparator: \.isWhitespace).map(String.init)
      secretFromStdin = parsed[OAuthOptions.clientSecretFromStdin]
      noBrowser = parsed[Options.noBrowser]
      callbackPort = parsed[.callbackPort]
      timeout = parsed[.signInTimeout]
    }
  }

  /// A confidential client's secret: `--client-secret-stdin`, else `CLERK_OAUTH_CLIENT_SECRET`,
  /// else none (a public client).
  static func oauthClientSecret(
    fromStdin: Bool, _ context: CommandContext
  ) throws -> String? {
    if fromStdin {
      let secret = try StdinLines(terminal: context.terminal).line(
        "the OAuth client secret (--client-secret-stdin)"
      ).trimmingWhitespace()
      guard !secret.isEmpty else { throw UsageError("the OAuth client secret is empty") }
      return secret
    }
    return context.nonEmpty("CLERK_OAUTH_CLIENT_SECRET")?.trimmingWhitespace()
  }

  /// Runs the PKCE sign-in and stores the profile.
  func runOAuthLogin(_ options: OAuthLoginOptions, _ context: CommandContext) throws -> Int32 {
    let account = try context.oauthAccount()
    let store = account.store
    let stored = try? store.loadForRemoval(profile: account.profile)?.credential
    let fapiURL = try context.fapiURL(stored: stored?.fapiURL)
    var unbound = account
    unbound.instance = nil
    let secret = try Self.oauthClientSecret(fromStdin: options.secretFromStdin, context)
    Self.noteReplacing(stored, context)
    let profile = try context.profileName()
    let retry =
      "clerkctl login --client-id \(options.clientID)"
      + (profile == ProfileName.defaultName ? "" : " --profile \(profile)")
    let flow = OAuthLoginFlow(
      grant: OAuthBrowserSignIn.Grant(
        fapiURL: fapiURL, clientID: options.clientID, clientSecret: secret,
        scopes: options.scopes),
      noBrowser: options.noBrowser, callbackPort: options.callbackPort,
      timeout: options.timeout, retry: retry)
    let result = try flow.run(unbound, context)
    OAuthLoginFlow.report(result, context)
    return ExitCode.success.rawValue
  }
}
