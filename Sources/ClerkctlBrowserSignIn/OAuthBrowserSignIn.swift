import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

/// A sign-in with Clerk as the OAuth 2.1 authorization server, through the browser: the
/// authorization request (PKCE S256, a random `state`) opened in a browser, its redirect
/// received on the same loopback callback server as the social sign-in (``LoopbackCallbackServer``,
/// with its Host, Origin and Sec-Fetch-Mode rules) or pasted back, and the code exchanged.
///
/// A loopback answer that is not this request's (another `state`, another issuer) is ignored
/// and the wait goes on until the deadline: anyone on the machine can reach the loopback. A
/// pasted answer comes from the user and is taken as it is: a wrong one fails at once.
package struct OAuthBrowserSignIn {
  /// What the sign-in needs from the outside, as values tests replace.
  package struct IO {
    /// Shows the authorization URL (the CLI prints it to stderr, always).
    package var showURL: (String) -> Void
    /// Opens the URL in a browser; returns whether one was launched.
    package var openBrowser: (String) -> Bool
    /// Reads a pasted redirected URL, blocking, on a thread of its own; `nil` at end of input.
    /// Asked only when no browser was launched, or `pasteAlways`.
    package var readPasted: (@Sendable () -> String?)?
    /// Whether to read pasted answers even when a browser was launched.
    package var pasteAlways: Bool
    /// Progress notes.
    package var note: (String) -> Void
    /// The application signing in, as the loopback page names it.
    package var applicationName: String

    package init(
      showURL: @escaping (String) -> Void, openBrowser: @escaping (String) -> Bool,
      readPasted: (@Sendable () -> String?)?, pasteAlways: Bool = false,
      note: @escaping (String) -> Void,
      applicationName: String = LoopbackCallbackServer.defaultApplicationName
    ) {
      self.showURL = showURL
      self.openBrowser = openBrowser
      self.readPasted = readPasted
      self.pasteAlways = pasteAlways
      self.note = note
      self.applicationName = applicationName
    }
  }

  /// What to ask for.
  package struct Grant: Sendable {
    package var fapiURL: String
    package var clientID: String
    package var clientSecret: String?
    package var scopes: [String]
    package var resource: String?

    package init(
      fapiURL: String, clientID: String, clientSecret: String? = nil, scopes: [String],
      resource: String? = nil
    ) {
      self.fapiURL = fapiURL
      self.clientID = clientID
      self.clientSecret = clientSecret
      self.scopes = scopes
      self.resource = resource
    }
  }

  private let account: OAuthAccount
  private let io: IO

  package init(account: OAuthAccount, io: IO) {
    self.account = account
    self.io = io
  }

  /// Signs in and stores the grant as the profile's credential.
  ///
  /// - Parameters:
  ///   - callbackPort: the loopback port (0: a free one).
  ///   - timeout: seconds for the whole sign-in.
  /// - Throws: `OAuthError` (denied, refused, issuer), `ClerkError.signInTimedOut`, transport
  ///   and configuration errors.
  package func run(
    _ grant: Grant, callbackPort: Int, timeout: Double
  ) throws -> OAuthAccount.TokenResult {
    let deadline = account.clock.now().addingTimeInterval(timeout)
    let browser = try BrowserCallbackWait(
      loopbackPort: callbackPort, applicationName: io.applicationName)
    defer { browser.stop() }
    let request = try account.authorizationRequest(
      fapiURL: grant.fapiURL, clientID: grant.clientID, scopes: grant.scopes,
      redirectURI: browser.redirectURL ?? "", resource: grant.resource)
    let launched = try browser.open(
      request.url, subject: "the authorization endpoint", show: io.showURL,
      launch: io.openBrowser)
    if !launched || io.pasteAlways, let read = io.readPasted {
      browser.readPasted(
        read,
        endedEarly: launched
          ? nil : "standard input ended before the URL the browser was redirected to was read"
      ) { line in
        guard let answer = BrowserCallback.parse(line), case .oauth = answer else {
          return .failure(.signInRejected(Self.notARedirect))
        }
        return .success(answer)
      }
    }
    let code = try browser.wait(
      secondsLeft: { deadline.timeIntervalSince(account.clock.now()) }, timeout: timeout
    ) { answer, source -> String? in
      guard case .oauth(let callback) = answer else {
        if source == .pasted { throw OAuthError.stateMismatch }
        return nil
      }
      let checked = Result { () throws(OAuthError) in try request.code(from: callback) }
      if case .failure(let error) = checked, source == .loopback, Self.isForeign(error) {
        io.note("Ignored a callback that is not this sign-in's; still waiting for the browser.")
        return nil
      }
      return try checked.get()
    }
    return try account.exchange(request, code: code, clientSecret: grant.clientSecret)
  }

  /// Whether `error` says the answer belongs to another request or issuer.
  private static func isForeign(_ error: OAuthError) -> Bool {
    switch error {
    case .stateMismatch, .issuerMismatch: true
    default: false
    }
  }

  private static let notARedirect =
    "the pasted text is not the URL the browser was redirected to (it has no code and state)"
}
