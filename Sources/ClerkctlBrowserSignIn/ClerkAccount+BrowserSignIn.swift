import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

extension ClerkAccount {
  /// Signs in through the browser (``BrowserSignIn``) from a new client and stores the
  /// credential, as `signIn` does for the other methods.
  ///
  /// - Parameters:
  ///   - target: the social provider or the SSO address.
  ///   - redirectURL: Clerk's redirect target; `nil` for the loopback callback.
  ///   - callbackPort: the loopback port (0: a free one).
  ///   - allowSignUp: whether an unknown account may be created (sign-up transfer).
  ///   - io: URL display, browser, paste-back and second-factor inputs.
  ///   - fapiURL: the instance.
  ///   - timeout: seconds for the whole sign-in, the browser included.
  package func signInWithBrowser(
    _ target: BrowserSignIn.Target, redirectURL: String?, callbackPort: Int, allowSignUp: Bool,
    io: BrowserSignIn.IO, fapiURL: String, timeout: Double
  ) throws -> (credential: ProfileCredential, previousSignOutError: ClerkError?) {
    try signInWithBrowser(
      target, redirectURL: redirectURL, callbackPort: callbackPort, allowSignUp: allowSignUp,
      io: io, fapiURL: fapiURL, timeout: timeout, mailbox: CallbackMailbox())
  }

  /// `signInWithBrowser`, the browser's answers arriving in `mailbox` (the caller's, to hand
  /// in failures of its own: an app's URL opener, a cancellation).
  package func signInWithBrowser(
    _ target: BrowserSignIn.Target, redirectURL: String?, callbackPort: Int, allowSignUp: Bool,
    io: BrowserSignIn.IO, fapiURL: String, timeout: Double, mailbox: CallbackMailbox
  ) throws -> (credential: ProfileCredential, previousSignOutError: ClerkError?) {
    let api = api(fapiURL: fapiURL, clientToken: nil)
    api.deadline = clock.now().addingTimeInterval(timeout)
    api.deadlineSeconds = timeout
    let outcome = try BrowserSignIn(api: api, io: io, clock: clock).run(
      target, redirectURL: redirectURL, callbackPort: callbackPort, allowSignUp: allowSignUp,
      mailbox: mailbox)
    return try store(outcome, fapiURL: fapiURL, clockSkew: api.clockSkew ?? 0)
  }

  /// The instance's enabled social providers (`GET /v1/environment`), e.g. `["github",
  /// "google"]`.
  package func socialProviders(fapiURL: String) throws -> [String] {
    BrowserSignIn.providers(environment: try api(fapiURL: fapiURL, clientToken: nil).environment())
  }
}
