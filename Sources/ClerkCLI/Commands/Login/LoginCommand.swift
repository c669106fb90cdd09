import ClerkctlBrowserSignIn
import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlKit
import ClerkctlWire
import FoundationEssentials

/// `clerkctl login`: signs in and stores the client token for the profile.
package struct LoginCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "login",
      abstract: "Sign in to Clerk and store the credential for the profile.",
      discussion: """
        Signs in to the Frontend API the way Clerk's native SDKs do and stores the client token \
        (the long-lived credential) for the profile. Passwords and codes come from a prompt or \
        stdin, never from the command line. The identifier is an email address, a phone \
        number (+15555550100) or a username. A second factor (TOTP, an email or phone code, or \
        a backup code) is read from a prompt or --code-stdin; at the authenticator prompt, b \
        chooses a backup code instead.

        Browser sign-in (--oauth, --sso) opens $BROWSER or xdg-open, prints the URL to stderr, \
        and waits for Clerk's redirect on http://127.0.0.1:PORT/callback.

        --json prints {schema_version, profile, user_id, email, identifier, session_id, \
        fapi_url} on stdout.

        --machine stores a machine identity instead: its secret key from --secret-stdin or \
        CLERK_MACHINE_SECRET_KEY (never a flag), for the Backend API of --api-url or \
        CLERK_API_URL (default https://api.clerk.com); the machine id is learned from its \
        first token. A secret Clerk refuses is exit 4. --json: {schema_version, profile, kind, \
        machine_id, api_url}.

        --client-id CLIENT_ID signs in with Clerk as the OAuth 2.1 provider instead (kind \
        oauth): discovery on the instance, PKCE S256 and a random state, the browser on the \
        same loopback callback as --oauth (or, with --no-browser, the URL the browser was \
        redirected to pasted on stdin), the code exchanged at /oauth/token. The profile keeps \
        the refresh token, bound to the issuer. A confidential client's secret comes from \
        --client-secret-stdin or CLERK_OAUTH_CLIENT_SECRET. --json: {schema_version, profile, \
        kind, client_id, scopes, expires_at, user_id, email, fapi_url}. Its access tokens are \
        OAuth tokens (typ at+jwt), not session tokens: a backend must accept OAuth tokens.
        """,
      examples: [
        CommandExample(
          "First sign-in: the publishable key is in the Clerk Dashboard under API keys",
          "clerkctl login --publishable-key pk_test_… --identifier you@example.com"),
        CommandExample(
          "Sign in to the local emulator (or set CLERK_FAPI_URL to its URL)",
          "clerkctl login --fapi-url http://127.0.0.1:PORT --identifier you@example.com"),
        CommandExample(
          "Sign in with a password from a prompt", "clerkctl login --identifier you@example.com"),
        CommandExample(
          "Sign in from a script, the password on stdin",
          "clerkctl login --email you@example.com --password-stdin < password.txt"),
        CommandExample(
          "Sign in in CI (the Backend API secret in CLERK_SECRET_KEY)",
          "clerkctl login --user-id user_123"),
        CommandExample(
          "Sign in with a code texted to a phone",
          "clerkctl login --identifier +15555550100 --strategy phone_code"),
        CommandExample(
          "Sign in with a backup code (stdin: the password, then the code)",
          "clerkctl login --identifier you@example.com --password-stdin --second-factor backup_code"
        ),
        CommandExample("Sign in with Google in the browser", "clerkctl login --oauth google"),
        CommandExample(
          "Sign in with Clerk as the OAuth provider (an OAuth application's client id)",
          "clerkctl login --client-id CLIENT_ID --profile my-cli"),
      ],
      options: [
        Options.identifier.spec, Options.passwordFromStdin.spec, Options.strategy.spec,
        Options.secondFactor.spec, Options.codeFromStdin.spec, Options.ticketFromStdin.spec,
        Options.userID.spec, LoginCommand.ticketTTL.spec, LoginCommand.impersonate.spec,
        LoginCommand.actor.spec, LoginCommand.apiKeyFromStdin.spec, Options.oauth.spec,
        Options.sso.spec, Options.noBrowser.spec,
        OptionKey.callbackPort.spec, Options.redirectURL.spec, OptionKey.signInTimeout.spec,
        Options.noSignUp.spec, MachineOptions.machine.spec, MachineOptions.secretFromStdin.spec,
      ] + OAuthOptions.specs)
  }

  /// The options of `login` (`--sign-in-timeout` and `--callback-port` are ``OptionKey``'s).
  package enum Options {
    package static let identifier = OptionKey.string(
      "identifier", aliases: ["email"], value: "identifier",
      help: "Email address, phone number (+15555550100) or username to sign in with.")
    package static let passwordFromStdin = OptionKey.flag(
      "password-stdin", help: "Read the password from the first line of stdin.")
    package static let strategy: OptionKey<SignInStrategy?> = .choice(
      "strategy", value: "strategy",
      help: "How to prove the identity: a password, a code Clerk mails, or one it texts.",
      shownDefault: .password)
    package static let secondFactor: OptionKey<SecondFactor?> = .choice(
      "second-factor", value: "factor",
      help: "The second factor to use instead of the first offered (backup_code: one of the "
        + "account's backup codes; with --password-stdin, stdin's second line).")
    package static let codeFromStdin = OptionKey.flag(
      "code-stdin",
      help: "Read the verification code from stdin (its second line with --password-stdin).")
    package static let ticketFromStdin = OptionKey.flag(
      "ticket-stdin", help: "Read a sign-in token (ticket) from stdin and redeem it.")
    package static let userID = OptionKey.string(
      "user-id", value: "user-id",
      help: "Sign in as this user through the Backend API; needs CLERK_SECRET_KEY (for CI).")
    package static let oauth = OptionKey.string(
      "oauth", value: "provider", kind: .provider,
      help: "Sign in in the browser with a social provider (google, github, ...).")
    package static let sso = OptionKey.string(
      "sso", value: "email", help: "Sign in in the browser with enterprise SSO.")
    package static let noBrowser = OptionKey.flag(
      "no-browser", help: "Only print the sign-in URL; do not open a browser.")
    package static let redirectURL = OptionKey.string(
      "redirect-url", value: "url", kind: .url,
      help: "Where Clerk sends the browser instead; then paste the final URL on stdin.")
    package static let noSignUp = OptionKey.flag(
      "no-sign-up", help: "Never create a new user during browser sign-in.")
  }

  /// `--strategy`: how to prove the identity.
  package enum SignInStrategy: String, CaseIterable, Sendable {
    case password
    case emailCode = "email_code"
    case phoneCode = "phone_code"
  }

  /// `--second-factor`: which of the account's second factors to use.
  package enum SecondFactor: String, CaseIterable, Sendable {
    case totp
    case emailCode = "email_code"
    case phoneCode = "phone_code"
    case backupCode = "backup_code"

    /// Clerk's strategy for it.
    var wire: FactorStrategy {
      switch self {
      case .totp: .totp
      case .emailCode: .emailCode
      case .phoneCode: .phoneCode
      case .backupCode: .backupCode
      }
    }
  }

  /// `--identifier` / `--email`.
  package var identifier: String?
  package var passwordFromStdin: Bool
  package var codeFromStdin: Bool
  package var ticketFromStdin: Bool
  /// `--strategy`, when given.
  package var strategy: SignInStrategy?
  /// `--second-factor`, when given.
  package var secondFactor: SecondFactor?
  package var userID: String?
  /// `--ticket-ttl`: seconds the `--user-id` ticket lives.
  package var ticketTTL: Double
  /// `--impersonate` and `--actor`.
  package var impersonatedUserID: String?
  package var actorID: String?
  /// `--api-key-stdin`.
  package var apiKeyFromStdin: Bool
  package var signInTimeout: Double
  /// `--oauth` / `--sso`: a browser sign-in (see `LoginCommand+Browser.swift`).
  let browser: BrowserLoginOptions?
  /// With `--machine` (see `LoginCommand+Machine.swift`): whether the secret is on stdin.
  var machine: Bool?
  /// With `--client-id` (see `LoginCommand+OAuth.swift`).
  var oauthLogin: OAuthLoginOptions?

  package init(parsed: ParsedArguments) throws {
    oauthLogin = try OAuthLoginOptions(parsed: parsed)
    try Self.checkMachineOptions(parsed)
    machine = parsed[MachineOptions.machine] ? parsed[MachineOptions.secretFromStdin] : nil
    identifier = parsed[Options.identifier]
    passwordFromStdin = parsed[Options.passwordFromStdin]
    codeFromStdin = parsed[Options.codeFromStdin]
    ticketFromStdin = parsed[Options.ticketFromStdin]
    strategy = parsed[Options.strategy]
    secondFactor = parsed[Options.secondFactor]
    userID = parsed[Options.userID]
    ticketTTL = parsed[LoginCommand.ticketTTL]
    impersonatedUserID = parsed[LoginCommand.impersonate]
    actorID = parsed[LoginCommand.actor]
    apiKeyFromStdin = parsed[LoginCommand.apiKeyFromStdin]
    if (impersonatedUserID == nil) != (actorID == nil) {
      throw UsageError("--impersonate USER_ID and --actor ACTOR_ID go together")
    }
    if !parsed.values(of: LoginCommand.ticketTTL.spec).isEmpty, userID == nil,
      impersonatedUserID == nil
    {
      throw UsageError("--ticket-ttl sets the lifetime of the --user-id or --impersonate ticket")
    }
    signInTimeout = parsed[.signInTimeout]
    browser = try BrowserLoginOptions(parsed: parsed)
    let ways = [
      ticketFromStdin ? "--ticket-stdin" : nil, userID != nil ? "--user-id" : nil,
      impersonatedUserID != nil ? "--impersonate" : nil,
      apiKeyFromStdin ? "--api-key-stdin" : nil, browser?.flag,
    ].compactMap { $0 }
    if ways.count > 1 {
      throw UsageError("\(ways.joined(separator: " and ")) are different ways in; use one")
    }
    if let way = ways.first,
      identifier != nil || passwordFromStdin || strategy != nil || secondFactor != nil
    {
      throw UsageError(
        "\(way) takes no --identifier, --password-stdin, --strategy or --second-factor")
    }
    if let strategy, strategy != .password, passwordFromStdin {
      throw UsageError(
        "--strategy \(strategy.rawValue) signs in without a password; drop --password-stdin")
    }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    // An unusable config dir is refused before a session is opened that could not be stored.
    try context.profileStore().checkUsable()
    let context = try context.storingSignIn(profile: try context.profileName())
    do {
      if let machine { return try runMachineLogin(context, secretFromStdin: machine) }
      if let oauthLogin { return try runOAuthLogin(oauthLogin, context) }
      if let browser { return try runBrowserLogin(browser, context) }
      if apiKeyFromStdin
        || (context.nonEmpty("CLERK_API_KEY") != nil && userID == nil && impersonatedUserID == nil
          && identifier == nil && !ticketFromStdin)
      {
        return try runAPIKeyLogin(context)
      }
      return try runSignIn(context)
    } catch ClerkError.signInTimedOut(let seconds) {
      throw CLIError.signInTimedOut(seconds: seconds, retry: try retryCommand(context))
    }
  }

  /// The login command that tries again, with the flags that matter: the profile, the way in
  /// and the identifier (`clerkctl login --profile work --oauth google`).
  func retryCommand(_ context: CommandContext) throws -> String {
    var words = ["clerkctl", "login"]
    let profile = try context.profileName()
    if profile != ProfileName.defaultName { words += ["--profile", profile] }
    switch browser?.target {
    case .oauth(let provider): words += ["--oauth", provider]
    case .sso(let email): words += ["--sso", email]
    case nil: break
    }
    if let identifier { words += ["--identifier", identifier] }
    if let strategy, strategy != .password { words += ["--strategy", strategy.rawValue] }
    if let secondFactor { words += ["--second-factor", secondFactor.rawValue] }
    if let userID { words += ["--user-id", userID] }
    return words.joined(separator: " ")
  }

  private func runSignIn(_ context: CommandContext) throws -> Int32 {
    let account = try context.loginAccount()
    let stored = try? account.store.loadForRemoval(profile: account.profile)?.credential
    let fapiURL = try context.fapiURL(stored: stored?.fapiURL)
    let stdin = StdinLines(terminal: context.terminal)
    Self.noteReplacing(stored, context)
    // HTTP requests stop at the deadline on their own; the guard also bounds waits at prompts
    // (the identifier's included) and on a stdin that never closes. Its report names the login
    // to run again with the flags that matter.
    let watch = ProcessGuard.Watch(
      deadline: signInTimeout,
      expiry: CLIError.signInTimedOut(seconds: signInTimeout, retry: try retryCommand(context)))
    let pending = PendingTicket()
    let result = try context.interactively(watch) {
      do {
        let method = try signInMethod(
          context, stdin: stdin, fapiURL: fapiURL, account: account, pending: pending,
          storedIdentifier: stored?.shownIdentifier)
        let inputs = signInInputs(context, stdin: stdin)
        return try account.signIn(
          method: method, inputs: inputs, fapiURL: fapiURL, timeout: signInTimeout)
      } catch {
        Self.revokeUnredeemed(pending, context)
        throw error
      }
    }
    var credential = result.credential
    if let actorID {
      credential = try Self.markImpersonated(
        credential, actor: actorID, pending: pending, account: account)
    }
    if let error = result.previousSignOutError {
      context.note(
        "clerkctl: warning: the previous session could not be signed out (\(ErrorReporter.message(for: error))); "
          + "it ends when it expires")
    }
    Self.reportSignedIn(credential, context)
    return ExitCode.success.rawValue
  }

  /// `Signed in as EMAIL (USER_ID) on HOST[:PORT]` on stderr; with `--json`, the object on
  /// stdout too.
  static func reportSignedIn(_ credential: ProfileCredential, _ context: CommandContext) {
    if context.globals.json {
      context.print(IdentityJSON.login(credential).prettyEncoded)
    }
    let host = URLParts.authority(of: credential.fapiURL) ?? credential.fapiURL
    context.note(
      "Signed in as \(credential.shownIdentifier ?? "(no identifier)") (\(credential.userID ?? "?")) "
        + "on \(host)"
        + (credential.impersonation.map { ", impersonated by \(TerminalText.sanitized($0.actor))" }
          ?? "")
        + (credential.profile == ProfileName.defaultName
          ? "" : " (profile '\(credential.profile)')"))
  }

  private func signInMethod(
    _ context: CommandContext, stdin: StdinLines, fapiURL: String, account: ClerkAccount,
    pending: PendingTicket, storedIdentifier: String? = nil
  ) throws -> SignInMethod {
    if let impersonatedUserID, let actorID {
      return try impersonationTicket(
        context, account: account, stdin: stdin, pending: pending, userID: impersonatedUserID,
        actor: actorID)
    }
    if let userID {
      guard userID.hasPrefix("user_") else {
        throw UsageError(
          "--user-id takes a Clerk user id (user_…), not '\(TerminalText.sanitized(userID))'; "
            + "'clerkctl whoami' or the Clerk dashboard (Users) shows it")
      }
      let backend = try backendClient(context, account: account, flag: "--user-id")
      let ticket = try backend.createSignInTicket(
        userID: userID, expiresInSeconds: max(1, Int(ticketTTL.rounded(.up))))
      pending.set(backend, ticket, isActor: false)
      stdin.presetTicket = ticket.token
      return .ticket
    }
    if ticketFromStdin { return .ticket }
    let identifier = try self.identifier ?? promptIdentifier(context, default: storedIdentifier)
    if let strategy, strategy != .password {
      if !codeFromStdin && !context.canPrompt {
        let what = strategy == .phoneCode ? "texted" : "emailed"
        throw UsageError("no way to read the \(what) code: pass --code-stdin or run in a terminal")
      }
      return strategy == .phoneCode
        ? .phoneCode(identifier: identifier) : .emailCode(identifier: identifier)
    }
    if passwordFromStdin { return .password(identifier: identifier) }
    // A code on stdin and no password: whichever first factor Clerk offers (a phone or email
    // code for an account without a password).
    if codeFromStdin && strategy == nil && !context.canPrompt {
      return .identifierFirst(identifier: identifier)
    }
    guard context.canPrompt else {
      throw UsageError(
        "no password: pass --password-stdin and pipe it in (or use --strategy email_code, "
          + "--ticket-stdin or --user-id)")
    }
    return strategy == .password
      ? .password(identifier: identifier) : .identifierFirst(identifier: identifier)
  }

  /// The identifier from a prompt; with `default` (the profile's stored one), an empty answer
  /// takes it.
  private func promptIdentifier(
    _ context: CommandContext, default stored: String? = nil
  ) throws -> String {
    guard context.canPrompt else {
      throw UsageError("no identifier: pass --identifier EMAIL (or a phone number or username)")
    }
    // An empty answer asks again; the sign-in deadline bounds the wait.
    while true {
      let shown = stored.map { " [\(TerminalText.sanitized($0))]" } ?? ""
      let answer = try context.terminal.prompt("Email, phone or username\(shown): ")
        .trimmingWhitespace()
      if !answer.isEmpty { return answer }
      if let stored { return stored }
      context.note("An email address, phone number or username is needed to sign in.")
    }
  }

  /// `Already signed in as EMAIL on HOST; signing in again replaces it`, when the profile has
  /// a stored sign-in.
  static func noteReplacing(_ stored: ProfileCredential?, _ context: CommandContext) {
    guard let stored, stored.sessionID != nil else { return }
    let who = stored.shownIdentifier ?? stored.userID ?? "another user"
    let host = URLParts.authority(of: stored.fapiURL) ?? stored.fapiURL
    context.note("Already signed in as \(who) on \(host); signing in again replaces it.")
  }

  private func signInInputs(_ context: CommandContext, stdin: StdinLines) -> SignInInputs {
    let passwordFromStdin = self.passwordFromStdin
    // A chosen second factor with the password on stdin: its code is stdin's next line.
    let codeFromStdin = self.codeFromStdin || (passwordFromStdin && secondFactor != nil)
    // The backup-code hint is shown once, before the first authenticator prompt.
    let hinted = Lock(false)
    // At a terminal a mistake is not the end: three tries for a prompted password or code.
    var inputs = SignInInputs(
      password: { identifier in
        if passwordFromStdin { return try stdin.line("the password (--password-stdin)") }
        guard context.canPrompt else {
          throw UsageError("Clerk asks for a password: pass --password-stdin")
        }
        let who = identifier.isEmpty ? "" : " for \(identifier)"
        return try context.terminal.readSecret("Password\(who): ")
      },
      code: { kind, _ in
        if codeFromStdin { return try stdin.line("the verification code (--code-stdin)") }
        guard context.canPrompt else {
          throw UsageError("Clerk asks for a verification code: pass --code-stdin")
        }
        // Codes echo: they are short-lived and read off a screen.
        switch kind {
        case .totp: return try context.terminal.prompt("Authenticator app code: ")
        case .totpOrBackupCode:
          let first = hinted.withLock { shown in
            defer { shown = true }
            return !shown
          }
          if first { context.note("Lost the authenticator app? Type b for a backup code instead.") }
          return try context.terminal.prompt("Authenticator app code: ")
        case .backupCode: return try context.terminal.prompt("Backup code: ")
        // The note before it says where the code went; r asks for another.
        case .emailCode, .emailSecondFactor, .phoneCode, .phoneSecondFactor:
          return try context.terminal.prompt("Code (r sends a new one): ")
        }
      },
      ticket: { try stdin.presetTicket ?? stdin.line("the sign-in ticket (--ticket-stdin)") },
      note: { context.note($0) })
    if context.canPrompt {
      if !passwordFromStdin { inputs.passwordTries = 3 }
      if !codeFromStdin { inputs.codeTries = 3 }
    }
    inputs.secondFactor = secondFactor?.wire
    // At the authenticator prompt, b (or "backup") asks for a backup code instead.
    // At an emailed or texted code's prompt, r (or "resend") has Clerk send another.
    inputs.wantsResend = { answer in
      !codeFromStdin && ["r", "resend"].contains(answer.trimmingWhitespace().lowercased())
    }
    inputs.wantsBackupCode = { answer in
      !codeFromStdin && ["b", "backup"].contains(answer.trimmingWhitespace().lowercased())
    }
    return inputs
  }
}
