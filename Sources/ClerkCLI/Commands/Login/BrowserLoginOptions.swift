import ClerkctlBrowserSignIn
import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP

/// The options of a browser sign-in (`login --oauth PROVIDER` or `login --sso EMAIL`), checked
/// together.
package struct BrowserLoginOptions: Sendable, Equatable {
  /// The social provider (`google`, without `oauth_`), or the enterprise-SSO address.
  package var target: BrowserSignIn.Target
  /// `--no-browser`: only print the URL.
  package var noBrowser: Bool
  /// `--callback-port` (0: a free one).
  package var callbackPort: Int
  /// `--redirect-url`: Clerk redirects there; the final URL is pasted back.
  package var redirectURL: String?
  /// `--sign-in-timeout` in seconds.
  package var timeout: Double
  /// Not `--no-sign-up`.
  package var allowSignUp: Bool

  /// Its options are `login`'s.
  private typealias Options = LoginCommand.Options

  /// `nil` when neither `--oauth` nor `--sso` was given.
  ///
  /// - Throws: ``UsageError`` for a bad combination or value.
  package init?(parsed: ParsedArguments) throws {
    let oauth = parsed[Options.oauth]
    let sso = parsed[Options.sso]
    guard oauth != nil || sso != nil else { return nil }
    if oauth != nil, sso != nil { throw UsageError("'--oauth' and '--sso' cannot be combined") }
    let which = oauth != nil ? "--oauth" : "--sso"
    let others = [
      (Options.identifier.spec, parsed[Options.identifier] != nil),
      (Options.userID.spec, parsed[Options.userID] != nil),
      (Options.passwordFromStdin.spec, parsed[Options.passwordFromStdin]),
      (Options.ticketFromStdin.spec, parsed[Options.ticketFromStdin]),
    ]
    for (other, given) in others where given {
      throw UsageError("'\(which)' cannot be combined with '\(other.longFlag)'")
    }
    if let oauth {
      var provider = oauth.lowercased()
      if provider.hasPrefix("oauth_") { provider.removeFirst(6) }
      let valid =
        !provider.isEmpty
        && provider.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
      guard valid else {
        throw UsageError(
          "'--oauth' expects a provider name such as google or github, got '\(oauth)'")
      }
      target = .oauth(provider: provider)
    } else {
      let email = sso ?? ""
      guard email.contains("@") else {
        throw UsageError("'--sso' expects your work email address, got '\(email)'")
      }
      target = .sso(email: email)
    }
    noBrowser = parsed[Options.noBrowser]
    callbackPort = parsed[.callbackPort]
    redirectURL = parsed[Options.redirectURL]
    if let url = redirectURL { try Self.checkRedirect(url) }
    timeout = parsed[.signInTimeout]
    allowSignUp = !parsed[Options.noSignUp]
  }

  /// `--oauth` or `--sso`: the way in, as typed.
  var flag: String {
    switch target {
    case .oauth: "--oauth"
    case .sso: "--sso"
    }
  }

  /// An https URL, a custom scheme (`myapp://callback`), or http on a loopback host.
  private static func checkRedirect(_ url: String) throws {
    guard let colon = url.firstIndex(of: ":"), colon != url.startIndex else {
      throw UsageError("'--redirect-url' must be an absolute URL such as https://example.com/cb")
    }
    let scheme = url[..<colon].lowercased()
    guard
      scheme.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || "+-.".unicodeScalars.contains($0) || ("0"..."9").contains($0)
      })
    else { throw UsageError("'--redirect-url' has an invalid scheme: '\(url)'") }
    if scheme == "http", !LoopbackHost.isLoopback(URLParts.host(of: url) ?? "") {
      throw UsageError(
        "'--redirect-url' must be https (or a custom scheme); plain http is only for loopback")
    }
  }
}
