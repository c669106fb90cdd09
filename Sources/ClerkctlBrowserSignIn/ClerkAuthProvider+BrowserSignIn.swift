import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

extension ClerkAuthProvider {
  /// The loopback port a browser sign-in listens on unless told otherwise, as the
  /// command-line tool's: `http://127.0.0.1:45789/callback` is the URL to allowlist on a
  /// production instance.
  public static let defaultBrowserCallbackPort = LoopbackCallbackServer.defaultPort

  /// Signs in through the system browser — a social provider (OAuth) or enterprise SSO — as
  /// the command-line tool's browser sign-in does and Clerk's native SDKs do, stores the
  /// sign-in in the provider's store and mints a token.
  ///
  /// The sign-in is created with a `redirect_url` on a callback server on
  /// `http://127.0.0.1:callbackPort/callback`, the provider's URL goes to `openURL`, and the
  /// browser comes back there with Clerk's one-time `rotating_token_nonce`, redeemed with the
  /// client token this sign-in holds (Clerk's native flow has no `state` or PKCE of its own:
  /// a nonce from anyone else's sign-in does not redeem). The callback server takes only the
  /// browser's top-level redirect (its `Host`, no `Origin`, a navigation); an answer Clerk
  /// does not vouch for is ignored and the wait goes on. An unknown account becomes a
  /// sign-up (Clerk's transfer) unless `allowSignUp` is off; a second factor is answered by
  /// `code`.
  ///
  /// `signInTimeout` bounds it all, the browser included. A store that keeps the secret in
  /// the OS keyring is asked first, so no session is opened that could not be stored.
  ///
  /// ```swift
  /// let credentials = try await provider.loginWithBrowser(.oauth(provider: "google")) { url in
  ///   try await openInBrowser(url)  // e.g. run xdg-open with the URL as its argument
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - target: the social provider or the SSO address.
  ///   - callbackPort: the loopback port to listen on; 0 takes a free one (fine for
  ///     development instances; a production instance allowlists a fixed one).
  ///   - allowSignUp: whether an account Clerk does not know may be created.
  ///   - applicationName: the application the callback page names ("You are signed in to
  ///     …"); `nil`: "the application".
  ///   - code: answers a second factor (a TOTP or emailed code), called on a background
  ///     thread with Clerk's masked destination; `nil` refuses an account that needs one.
  ///   - openURL: opens the provider's URL (an `https://` URL, or `http://` to this machine;
  ///     a string, as every URL in this library is, checked before it is handed on) in a
  ///     browser. It is called once, off the caller's task, and need not wait for the
  ///     user; what it throws ends the sign-in and is rethrown.
  /// - Returns: the new session's credentials, as `login(_:)` returns them; `onIdToken` and
  ///   `authState` hear of it as they do for `login(_:)`.
  /// - Throws: what `openURL` throws; `CancellationError` when the task is cancelled;
  ///   `ClerkAuthError` — `.signInRejected` (denied at the provider, with Clerk's `code`, a
  ///   refused sign-up), `.signInTimeout`, `.configuration` (the port is taken, Clerk refused
  ///   the redirect URL, the keyring does not answer), `.clerkNotLoaded`, `.unavailable`.
  public func loginWithBrowser(
    _ target: ClerkBrowserSignInTarget,
    callbackPort: Int = ClerkAuthProvider.defaultBrowserCallbackPort,
    allowSignUp: Bool = true,
    applicationName: String? = nil,
    code: ClerkSignInMethod.CodeSource? = nil,
    openURL: @escaping @Sendable (String) async throws -> Void
  ) async throws -> ClerkCredentials {
    try Task.checkCancellation()
    let mailbox = CallbackMailbox()
    let ended = Lock(BrowserEnd())
    let (template, minTTL, timeout) = (jwtTemplate, minimumTokenTtl, signInTimeout)
    do {
      return try await withTaskCancellationHandler {
        try await performTimed(.signIn, announce: true) { [self] account in
          guard let fapiURL = try instance.get()?.url else { throw ClerkAuthError.clerkNotLoaded }
          try requireStorable(account)
          let io = Self.browserIO(
            mailbox: mailbox, ended: ended, code: code, openURL: openURL,
            applicationName: applicationName ?? LoopbackCallbackServer.defaultApplicationName)
          _ = try account.signInWithBrowser(
            target.target, redirectURL: nil, callbackPort: callbackPort,
            allowSignUp: allowSignUp, io: io, fapiURL: fapiURL, timeout: timeout,
            mailbox: mailbox)
          return try account.token(template: template, minTTL: minTTL, forceRefresh: false)
        }.credentials
      } onCancel: {
        ended.withLock { $0.cancelled = true }
        mailbox.abort(.signInRejected("the sign-in was cancelled"))
      }
    } catch {
      let end = ended.withLock { $0 }
      if end.cancelled { throw CancellationError() }
      if let openerError = end.openerError { throw openerError }
      throw error
    }
  }

  /// How a browser sign-in ended early, from outside the flow.
  private struct BrowserEnd: Sendable {
    var cancelled = false
    var openerError: (any Error)?
  }

  /// What the flow needs from outside: `openURL` for the browser, run on a task of its own
  /// (its failure ends the wait), no paste-back, and `code` for a second factor.
  private static func browserIO(
    mailbox: CallbackMailbox, ended: Lock<BrowserEnd>, code: ClerkSignInMethod.CodeSource?,
    openURL: @escaping @Sendable (String) async throws -> Void, applicationName: String
  ) -> BrowserSignIn.IO {
    BrowserSignIn.IO(
      showURL: { _ in },
      openBrowser: { url in
        guard !ended.withLock({ $0.cancelled }) else { return true }
        Task {
          do {
            try await openURL(url)
          } catch {
            ended.withLock { $0.openerError = error }
            mailbox.abort(.signInRejected("the URL opener failed: \(error)"))
          }
        }
        return true
      }, readPasted: nil, inputs: browserInputs(code), applicationName: applicationName)
  }

  /// The flow's inputs: a second factor's code from `code`; nothing else is asked in a
  /// browser sign-in.
  private static func browserInputs(_ code: ClerkSignInMethod.CodeSource?) -> SignInInputs {
    SignInInputs(
      password: { _ in
        throw ClerkAuthError.signInRejected("a browser sign-in does not use a password")
      },
      code: { _, destination in
        guard let code else {
          throw ClerkAuthError.signInRejected(
            "Clerk asks for a one-time code (a second factor): pass code: to loginWithBrowser")
        }
        return try code(destination)
      },
      ticket: { throw ClerkAuthError.signInRejected("a browser sign-in does not use a ticket") })
  }
}
