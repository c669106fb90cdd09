import ClerkctlBrowserSignIn
import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit
import FoundationEssentials
import Glibc

extension LoginCommand {
  /// `login --oauth PROVIDER` / `login --sso EMAIL`: signs in through the browser and stores
  /// the credential.
  package func runBrowserLogin(
    _ options: BrowserLoginOptions, _ context: CommandContext
  ) throws
    -> Int32
  {
    if context.globals.noInput || PromptPolicy.isSet(context.environment["CLERKCTL_NO_INPUT"])
      || PromptPolicy.isSet(context.environment["CI"])
    {
      let login = ErrorReporter.loginCommand(profile: try context.profileName())
      throw UsageError(
        "browser sign-in needs a person at a browser, so it is off in CI and with --no-input; "
          + "use '\(login) --user-id USER_ID' (with CLERK_SECRET_KEY) or "
          + "'\(login) --ticket-stdin'")
    }
    let account = try context.loginAccount()
    let stored = try? account.store.loadForRemoval(profile: account.profile)?.credential
    let fapiURL = try context.fapiURL(stored: stored?.fapiURL)
    if case .oauth(let provider) = options.target {
      let providers = try account.socialProviders(fapiURL: fapiURL)
      CompletionCache.record(providers: providers, fapiURL: fapiURL, context)
      guard providers.contains(provider) else {
        let host = URLParts.authority(of: fapiURL) ?? fapiURL
        throw UsageError(
          providers.isEmpty
            ? "'\(provider)' is not a social provider of \(host), which has none enabled"
            : "'\(provider)' is not a social provider of \(host); use one of: "
              + providers.joined(separator: ", "))
      }
    }
    Self.noteReplacing(stored, context)
    let io = browserIO(options, context)
    // Ctrl-C while waiting for the browser ends the sign-in (exit 130); the wait itself is
    // bounded by the sign-in timeout inside the sign-in.
    let (credential, signOutError) = try context.processGuard.guarding(
      ProcessGuard.Watch(interruption: CLIError.cancelled("browser sign-in")),
      terminal: context.terminal
    ) {
      try account.signInWithBrowser(
        options.target, redirectURL: options.redirectURL, callbackPort: options.callbackPort,
        allowSignUp: options.allowSignUp, io: io, fapiURL: fapiURL, timeout: options.timeout)
    }
    if let signOutError {
      context.note(
        "clerkctl: warning: the previous session was not signed out: "
          + ErrorReporter.message(for: signOutError))
    }
    Self.reportSignedIn(credential, context)
    return ExitCode.success.rawValue
  }

  private func browserIO(
    _ options: BrowserLoginOptions, _ context: CommandContext
  )
    -> BrowserSignIn.IO
  {
    let terminal = context.terminal
    let environment = context.environment
    let launchBrowser = context.launchBrowser
    let prompted = terminal.isTerminal(.input) && terminal.isTerminal(.error)
    let waitsOnLoopback = options.redirectURL == nil
    let deadline = context.clock.epochSeconds + Int64(options.timeout.rounded(.up))
    let limit =
      "; it gives up at \(EpochTime.localTimeOfDay(deadline)) (in \(options.timeout.secondsText) s), "
      + "Ctrl-C cancels"
    var inputs = SignInInputs(
      password: { _ in
        throw UsageError("a browser sign-in does not use a password")
      },
      code: { kind, destination in
        let what = kind == .totp ? "the code from your authenticator app" : "the emailed code"
        if prompted {
          let shown = destination.map { " (sent to \($0))" } ?? ""
          return try terminal.prompt("Enter \(what)\(shown): ")
        }
        guard let line = terminal.readLine() else { throw CLIError.inputEnded(what) }
        return line
      },
      ticket: { throw UsageError("a browser sign-in does not use a ticket") },
      note: { terminal.writeError($0 + "\n") })
    if prompted { inputs.codeTries = 3 }
    let pasteReader: @Sendable () -> String? = {
      if prompted { terminal.writeError("Paste the URL the browser ended on (or the nonce): ") }
      return terminal.readLine()
    }
    return BrowserSignIn.IO(
      showURL: { url in
        terminal.writeError("Open this URL in a browser to sign in:\n\(url)\n")
      },
      openBrowser: { url in
        guard !options.noBrowser,
          let command = BrowserLauncher.command(for: url, environment: environment),
          launchBrowser(command, environment)
        else {
          if waitsOnLoopback {
            terminal.writeError(
              "Waiting for the browser to come back to 127.0.0.1"
                + (prompted ? " (or paste the URL it ends on here)" : "") + limit + "...\n")
          }
          return false
        }
        terminal.writeError(
          "Opened the browser (\(command[0])); waiting for the sign-in\(limit)...\n")
        return true
      },
      // Pasting: always with --redirect-url (prompted on a terminal, read plainly otherwise);
      // with the loopback only on a terminal, so stdin stays free for a second-factor code.
      readPasted: waitsOnLoopback && !prompted ? nil : pasteReader,
      inputs: inputs, applicationName: "clerkctl")
  }
}
