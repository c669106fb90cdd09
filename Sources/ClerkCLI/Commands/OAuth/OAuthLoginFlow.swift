import ClerkctlBrowserSignIn
import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// The PKCE sign-in both `login --client-id` and `mcp login` run: the browser on the loopback
/// callback (the social sign-in's server and rules) or the redirected URL pasted back
/// (`--no-browser`), bounded by `--sign-in-timeout`, Ctrl-C ending it.
struct OAuthLoginFlow {
  var grant: OAuthBrowserSignIn.Grant
  var noBrowser: Bool
  var callbackPort: Int
  var timeout: Double
  /// The command that tries again, for the time-out message.
  var retry: String

  /// Signs in and stores the grant in `account`'s profile.
  func run(_ account: OAuthAccount, _ context: CommandContext) throws -> OAuthAccount.TokenResult {
    if !noBrowser, Self.noInput(context) {
      throw UsageError(
        "an OAuth sign-in needs a person at a browser, so opening one is off in CI and with "
          + "--no-input; pass --no-browser and give the URL the browser was redirected to on "
          + "stdin")
    }
    let io = self.io(context)
    do {
      return try context.processGuard.guarding(
        ProcessGuard.Watch(interruption: CLIError.cancelled("browser sign-in")),
        terminal: context.terminal
      ) {
        try OAuthBrowserSignIn(account: account, io: io).run(
          grant, callbackPort: callbackPort, timeout: timeout)
      }
    } catch ClerkError.signInTimedOut(let seconds) {
      throw CLIError.signInTimedOut(seconds: seconds, retry: retry)
    }
  }

  static func noInput(_ context: CommandContext) -> Bool {
    context.globals.noInput || PromptPolicy.isSet(context.environment["CLERKCTL_NO_INPUT"])
      || PromptPolicy.isSet(context.environment["CI"])
  }

  private func io(_ context: CommandContext) -> OAuthBrowserSignIn.IO {
    let terminal = context.terminal
    let environment = context.environment
    let launchBrowser = context.launchBrowser
    let noBrowser = self.noBrowser
    let prompted = terminal.isTerminal(.input) && terminal.isTerminal(.error)
    let deadline = context.clock.epochSeconds + Int64(timeout.rounded(.up))
    let limit =
      "; it gives up at \(EpochTime.timeOfDay(deadline)) (in \(timeout.secondsText) s), "
      + "Ctrl-C cancels"
    let pasteReader: @Sendable () -> String? = {
      if prompted { terminal.writeError("Paste the URL the browser was redirected to: ") }
      return terminal.readLine()
    }
    return OAuthBrowserSignIn.IO(
      showURL: { url in
        terminal.writeError("Open this URL in a browser to sign in:\n\(url)\n")
      },
      openBrowser: { url in
        guard !noBrowser,
          let command = BrowserLauncher.command(for: url, environment: environment),
          launchBrowser(command, environment)
        else {
          terminal.writeError(
            "Waiting for the browser to come back to 127.0.0.1 (or paste the URL it was "
              + "redirected to\(prompted ? " here" : " on stdin"))\(limit)...\n")
          return false
        }
        terminal.writeError(
          "Opened the browser (\(command[0])); waiting for the sign-in\(limit)...\n")
        return true
      },
      // With --no-browser (or no browser found) the URL is read from stdin, prompted for on a
      // terminal; with a browser, pasting is offered on a terminal only.
      readPasted: pasteReader, pasteAlways: prompted,
      note: { terminal.writeError(TerminalText.sanitizedLines($0) + "\n") },
      applicationName: "clerkctl")
  }

  /// `Signed in as EMAIL (USER) on HOST with OAuth client ID`, and the `--json` object.
  static func report(_ result: OAuthAccount.TokenResult, _ context: CommandContext) {
    let credential = result.credential
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(credential.profile), "kind": "oauth",
        "client_id": .string(result.oauth.clientID),
        "scopes": .array(result.oauth.scopes.map(JSONValue.string)),
        "expires_at": .int(result.expiresAt),
        "user_id": credential.userID.map(JSONValue.string) ?? .null,
        "email": credential.email.map(JSONValue.string) ?? .null,
        "fapi_url": .string(credential.fapiURL),
        "resource": result.oauth.resource.map(JSONValue.string) ?? .null,
      ]
      context.print(json.prettyEncoded)
    }
    let host = URLParts.authority(of: credential.fapiURL) ?? credential.fapiURL
    let who = credential.shownIdentifier ?? credential.userID ?? "(unknown user)"
    context.note(
      "Signed in as \(who) (\(credential.userID ?? "?")) on \(host) with OAuth client "
        + "\(result.oauth.clientID) (scopes: \(result.oauth.scopes.joined(separator: " ")))")
  }
}
