import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// Signs in with Clerk as an OAuth 2.1 / OpenID Connect provider (authorization code with
/// PKCE S256 and a random `state`) and hands out fresh access tokens, for command-line tools
/// and MCP clients of an app that uses Clerk.
///
/// The sign-in needs a browser and a redirect target, which this library does not run: the
/// caller passes `authorize`, which shows the authorization URL to the user (opens a browser)
/// and returns the URL the browser was redirected to (from a loopback server, or pasted back).
/// `ClerkctlBrowserSignIn` has one on a loopback callback. The redirect's `state` and issuer are
/// checked here before the code is exchanged.
///
/// The refresh token is kept in the store (by default the file `clerkctl` uses, so a profile
/// signed in by the CLI and this provider share it) and sent only to the issuer's token and
/// revocation endpoints. `accessToken()` reuses the cached token while it has
/// `minimumTokenTtl` seconds left, else refreshes it; callers in this process or others
/// sharing the store share one refresh (the profile's lock), and a rotated refresh token is
/// stored atomically.
public final class ClerkOAuthTokenProvider: Sendable {
  /// What `login` asks for when told nothing else.
  public static let defaultScopes = ["openid", "email", "profile", "offline_access"]
  /// A cached token is reused only while it has at least this many seconds left.
  public let minimumTokenTtl: TimeInterval
  /// The profile, its HTTP client and clock, and running its account.
  private let runner: ProfileAccountRunner
  package var http: HTTPClient { runner.http }

  /// - Parameters:
  ///   - minimumTokenTtl: seconds a handed-out token has left at least.
  ///   - store: where the grant is kept; default the `default` profile's file.
  ///   - userAgent: the `User-Agent` Clerk sees.
  public convenience init(
    minimumTokenTtl: TimeInterval = 30, store: ClerkCredentialStore = .file(),
    userAgent: String = ClerkAuthProvider.defaultUserAgent
  ) {
    self.init(
      minimumTokenTtl: minimumTokenTtl, store: store,
      http: ProfileAccountRunner.curl(userAgent: userAgent), clock: .system)
  }

  /// A provider with every dependency given (tests).
  package init(
    minimumTokenTtl: TimeInterval, store: ClerkCredentialStore, http: HTTPClient, clock: Clock
  ) {
    self.minimumTokenTtl = minimumTokenTtl
    runner = ProfileAccountRunner(store: store, http: http, clock: clock)
  }

  /// Signs in: discovery on `frontendApiUrl`, an authorization request handed to `authorize`,
  /// the redirect checked (`state`, issuer) and its code exchanged; the grant is stored.
  ///
  /// - Parameters:
  ///   - frontendApiUrl: the instance (its Frontend API is the issuer).
  ///   - clientId: the OAuth application's client id.
  ///   - clientSecret: a confidential client's secret; `nil` for a public PKCE client.
  ///   - scopes: what to ask for (`offline_access` for a refresh token).
  ///   - redirectUri: where the authorization server sends the browser.
  ///   - authorize: opens the authorization URL and returns the URL the browser was
  ///     redirected to.
  /// - Throws: `ClerkAuthError.signInRejected` when consent is denied, the redirect is not
  ///   this sign-in's or the code is refused.
  @discardableResult
  public func login(
    frontendApiUrl: String, clientId: String, clientSecret: String? = nil,
    scopes: [String] = ClerkOAuthTokenProvider.defaultScopes, redirectUri: String,
    authorize: @escaping @Sendable (_ authorizationURL: String) async throws -> String
  ) async throws -> ClerkOAuthToken {
    let request = try await perform(login: true) { account in
      try account.authorizationRequest(
        fapiURL: frontendApiUrl, clientID: clientId, scopes: scopes, redirectURI: redirectUri)
    }
    let redirected = try await authorize(request.url)
    return try await tokenResult(login: true) { account in
      guard let callback = OAuthCallback.parse(redirected) else {
        throw OAuthError.stateMismatch
      }
      return try account.completeLogin(request, callback: callback, clientSecret: clientSecret)
    }
  }

  /// A fresh access token: the cached one while it has `minimumTokenTtl` left, else a
  /// refreshed one.
  ///
  /// - Throws: `ClerkAuthError.noActiveSession` when nothing is stored or the issuer no
  ///   longer accepts the refresh token (sign in again).
  public func accessToken(forceRefresh: Bool = false) async throws -> ClerkOAuthToken {
    try await tokenResult(login: false) { account in
      try account.token(minTTL: self.minimumTokenTtl, forceRefresh: forceRefresh)
    }
  }

  /// The signed-in user's OpenID Connect userinfo claims, as JSON text.
  public func userInfoJson() async throws -> String {
    try await perform { account in try account.userinfo(minTTL: self.minimumTokenTtl).0 }
      .encoded
  }

  /// Revokes the refresh token at the issuer and deletes the stored grant.
  ///
  /// - Returns: whether the issuer took the revocation.
  @discardableResult
  public func logout() async throws -> Bool {
    try await perform { account in try account.logout().revoked }
  }

  /// An access token with at least `minimumTtl` seconds left (`BearerTokenProvider`).
  func accessToken(minimumTtl: TimeInterval, forceRefresh: Bool) async throws -> String {
    try await tokenResult(login: false) { account in
      try account.token(minTTL: minimumTtl, forceRefresh: forceRefresh)
    }.accessToken
  }

  private func tokenResult(
    login: Bool, _ body: @escaping @Sendable (OAuthAccount) throws -> OAuthAccount.TokenResult
  ) async throws -> ClerkOAuthToken {
    let result = try await perform(login: login, body)
    return ClerkOAuthToken(
      accessToken: result.accessToken,
      expiresAt: Date(timeIntervalSince1970: TimeInterval(result.expiresAt)),
      scopes: result.oauth.scopes, clientId: result.oauth.clientID,
      idToken: result.oauth.idToken, cached: !result.refreshed)
  }

  private func perform<T: Sendable>(
    login: Bool = false, _ body: @escaping @Sendable (OAuthAccount) throws -> T
  ) async throws -> T {
    try await runner.run(OAuthAccount.init, login: login, translate: Self.translated, body)
  }

  /// An `OAuthError` in the library's terms; a `ClerkAuthError` as it is.
  private static func translated(_ error: any Error) -> ClerkAuthError? {
    switch error {
    case let error as OAuthError: mapped(error)
    case let error as ClerkAuthError: error
    default: nil
    }
  }

  private static func mapped(_ error: OAuthError) -> ClerkAuthError {
    switch error {
    case .notOAuth, .grantEnded: .noActiveSession
    case .authorizationDenied, .stateMismatch, .refused: .signInRejected(error.description)
    case .issuerMismatch, .unsupported, .resourceMetadata, .noIDToken:
      .configuration(error.description)
    }
  }
}
