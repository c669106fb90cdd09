/// `clerkctl login`: signs in and stores the client token for the profile.
package struct LoginCommand: Command {
  /// The default `--callback-port` for browser sign-in (allowlist
  /// `http://127.0.0.1:45789/callback` in Clerk).
  package static let defaultCallbackPort = 45789

  package static var spec: CommandSpec {
    CommandSpec(
      name: "login",
      abstract: "Sign in to Clerk and store the credential for the profile.",
      discussion: """
        Signs in to the Frontend API the way Clerk's native SDKs do and stores the client token \
        (the long-lived credential) for the profile. Passwords and codes come from a prompt or \
        stdin, never from the command line. A second factor (TOTP or an email code) is read \
        from a prompt or --code-stdin.

        Browser sign-in (--oauth, --sso) opens $BROWSER or xdg-open, prints the URL to stderr, \
        and waits for Clerk's redirect on http://127.0.0.1:PORT/callback.
        """,
      examples: [
        CommandExample(
          "Sign in with a password from a prompt", "clerkctl login --identifier you@example.com"),
        CommandExample(
          "Sign in from a script, the password on stdin",
          "clerkctl login --email you@example.com --password-stdin < password.txt"),
        CommandExample(
          "Sign in in CI (the Backend API secret in CLERK_SECRET_KEY)",
          "clerkctl login --user-id user_123"),
        CommandExample("Sign in with Google in the browser", "clerkctl login --oauth google"),
      ],
      options: [
        .option(
          "identifier", aliases: ["email"], value: "email",
          help: "Email address or username to sign in with."),
        .flag("password-stdin", help: "Read the password from the first line of stdin."),
        .option(
          "strategy", value: "strategy", kind: .choice(["password", "email_code"]),
          help: "How to prove the identity: a password, or a code Clerk mails.",
          defaultValue: "password"),
        .flag(
          "code-stdin",
          help: "Read the verification code from stdin (its second line with --password-stdin)."),
        .flag("ticket-stdin", help: "Read a sign-in token (ticket) from stdin and redeem it."),
        .option(
          "user-id", value: "user-id",
          help: "Sign in as this user through the Backend API; needs CLERK_SECRET_KEY (for CI)."),
        .option(
          "oauth", value: "provider",
          help: "Sign in in the browser with a social provider (google, github, ...)."),
        .option("sso", value: "email", help: "Sign in in the browser with enterprise SSO."),
        .flag("no-browser", help: "Only print the sign-in URL; do not open a browser."),
        .option(
          "callback-port", value: "port", kind: .port,
          help: "Port of the local callback server for browser sign-in; 0 picks a free one.",
          defaultValue: String(defaultCallbackPort)),
        .option(
          "redirect-url", value: "url", kind: .url,
          help: "Where Clerk sends the browser instead; then paste the final URL on stdin."),
        .option(
          "sign-in-timeout", value: "seconds", kind: .seconds,
          help: "Time limit for the whole sign-in, waits for codes and the browser included.",
          defaultValue: "120"),
        .flag("no-sign-up", help: "Never create a new user during browser sign-in."),
      ])
  }

  /// `--oauth` / `--sso`: a browser sign-in (see `LoginCommand+Browser.swift`).
  let browser: BrowserLoginOptions?

  package init(parsed: ParsedArguments) throws {
    browser = try BrowserLoginOptions(parsed: parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    if let browser { return try runBrowserLogin(browser, context) }
    throw CLIError.notImplemented("clerkctl login")
  }
}
