import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Dispatch
import FoundationEssentials

/// Signs a user in to Clerk and hands out JWTs for a backend, in the shape of Convex's
/// `AuthProvider` (0.8+: `login(onIdToken:)`, `loginFromCache(onIdToken:)`, `logout()`,
/// `extractIdToken(from:)`) and of Clerk's Convex bridges.
///
/// Tokens are minted from `jwtTemplate` (`convex` by default; `nil` for the session token) and
/// reused from the store's cache while they have `minimumTokenTtl` seconds left. The sign-in
/// lives in the store (by default the file `clerkctl` uses), so a later run, or `clerkctl`,
/// picks it up with `loginFromCache()`. All network work runs off the caller's task.
public final class ClerkAuthProvider: Sendable {
  /// The JWT template tokens are minted from; `nil` for the session token.
  public let jwtTemplate: String?
  /// Seconds a `login` may take in all, waits for codes included.
  public let signInTimeout: TimeInterval
  /// A cached token is reused only while it has at least this many seconds left.
  public let minimumTokenTtl: TimeInterval

  /// The instance the arguments or the environment name (`nil`: the stored sign-in's), or
  /// why the named one is invalid; worked out once, at init.
  package let instance: Result<InstanceOverride?, ClerkAuthError>
  let backing: Result<Backing, ClerkAuthError>
  /// How requests are sent (also used by `AuthenticatedRequestSender`).
  package let http: HTTPClient
  let clock: Clock
  let requestTimeout: Double
  let state = Lock(State())

  struct Backing: Sendable {
    let profile: String
    let store: any CredentialStore
  }

  /// A provider for one Clerk instance.
  ///
  /// - Parameters:
  ///   - publishableKey: the instance's `pk_test_…`/`pk_live_…` key (the Frontend API host is
  ///     decoded from it).
  ///   - frontendApiUrl: the Frontend API base URL; wins over the key (proxies, the emulator).
  ///     With neither, `CLERK_FAPI_URL` / `CLERK_PUBLISHABLE_KEY` from the environment, then
  ///     the instance the stored sign-in belongs to. A stored sign-in is bound to the instance
  ///     it was made on: when these name another origin, its token is never sent there and
  ///     calls that need it fail with `ClerkAuthError.configuration` (a `login` replaces it).
  ///   - jwtTemplate: the JWT template to mint from; `nil` for the session token.
  ///   - signInTimeout: seconds a `login` may take.
  ///   - minimumTokenTtl: seconds a handed-out token has left at least; `idTokens` and
  ///     `onIdToken` get a new one before the current one has less.
  ///   - store: where the sign-in is kept; default the `default` profile's file.
  ///   - userAgent: the `User-Agent` Clerk sees, e.g. `MyApp/1.2`; default `ClerkctlKit/VERSION`.
  public convenience init(
    publishableKey: String? = nil, frontendApiUrl: String? = nil,
    jwtTemplate: String? = "convex", signInTimeout: TimeInterval = 120,
    minimumTokenTtl: TimeInterval = 10,
    store: ClerkCredentialStore = .file(),
    userAgent: String = ClerkAuthProvider.defaultUserAgent
  ) {
    self.init(
      publishableKey: publishableKey, frontendApiUrl: frontendApiUrl, jwtTemplate: jwtTemplate,
      signInTimeout: signInTimeout, minimumTokenTtl: minimumTokenTtl, store: store,
      http: .lazy { .curl(CurlConfiguration(userAgent: userAgent)) },
      clock: .system, environment: ProcessEnvironment.current())
  }

  /// The `User-Agent` sent when the application names none: `ClerkctlKit/VERSION`.
  public static let defaultUserAgent = CurlConfiguration.defaultUserAgent

  /// A provider with every dependency given (tests).
  package init(
    publishableKey: String?, frontendApiUrl: String?, jwtTemplate: String?,
    signInTimeout: TimeInterval, minimumTokenTtl: TimeInterval = 10,
    store: ClerkCredentialStore, http: HTTPClient, clock: Clock,
    environment: [String: String], requestTimeout: Double = HTTPRequest.defaultTimeout
  ) {
    self.jwtTemplate = jwtTemplate
    self.signInTimeout = signInTimeout
    self.minimumTokenTtl = minimumTokenTtl
    self.http = http
    self.clock = clock
    self.requestTimeout = requestTimeout
    // The arguments win over the environment as a pair: either names the instance.
    let arguments = [
      InstanceSetting.given(.frontendAPIURL, frontendApiUrl, source: "frontendApiUrl"),
      InstanceSetting.given(.publishableKey, publishableKey, source: "publishableKey"),
    ].compactMap { $0 }
    let settings = arguments.isEmpty ? InstanceSetting.fromEnvironment(environment) : arguments
    instance = Result { () throws(ClerkAuthError) in
      do {
        return try InstanceResolver.override(from: settings)
      } catch {
        throw ClerkAuthError(error, during: .store)
      }
    }
    backing = store.backing
      .map { Backing(profile: store.profile, store: $0) }
      .mapError { ClerkAuthError($0, during: .store) }
  }

  deinit {
    state.withLock { $0.finishAll() }
  }

  // MARK: - Sign in

  /// Signs in with `method`, stores the sign-in and mints a token.
  ///
  /// - Throws: `ClerkAuthError` (`.signInRejected`, `.signInTimeout`, `.clerkNotLoaded`, …).
  public func login(_ method: ClerkSignInMethod) async throws -> ClerkCredentials {
    try await perform(.signIn, announce: true) { [self] account in
      guard let fapiURL = try instance.get()?.url else { throw ClerkAuthError.clerkNotLoaded }
      try requireStorable(account)
      _ = try account.signIn(
        method: method.method, inputs: method.inputs, fapiURL: fapiURL, timeout: signInTimeout)
      return try account.token(
        template: jwtTemplate, minTTL: minimumTokenTtl, forceRefresh: false)
    }
  }

  /// Signs in with an identifier (email) and password.
  public func login(identifier: String, password: String) async throws -> ClerkCredentials {
    try await login(.password(identifier: identifier, password: password))
  }

  /// Convex's `login(onIdToken:)`: remembers `onIdToken`, then `login()` (the stored sign-in,
  /// or — when there is none — a wait of up to `signInTimeout` for one to appear).
  ///
  /// `onIdToken` is then called with the token this returns (unless it had it already), with
  /// every token this provider mints — and, for as long as the app runs, with a fresh one
  /// before the current one has less than `minimumTokenTtl` left — and with `nil` when the
  /// session ends or on `logout()`. It never gets the same token twice.
  public func login(
    onIdToken: @Sendable @escaping (String?) -> Void
  ) async throws -> ClerkCredentials {
    remember(onIdToken)
    let credentials = try await login()
    keepCallbackFresh(handedOut: credentials)
    return credentials
  }

  // MARK: - Tokens

  /// The stored sign-in's credentials: the cached token while it has `minimumTokenTtl` seconds
  /// left, else a freshly minted one.
  ///
  /// - Throws: `ClerkAuthError.noActiveSession` when nothing is stored or the session ended.
  public func loginFromCache() async throws -> ClerkCredentials {
    try await credentials(minTTL: minimumTokenTtl, forceRefresh: false, announce: true)
  }

  /// Convex's `loginFromCache(onIdToken:)`: remembers `onIdToken`, then `loginFromCache()`;
  /// `onIdToken` gets the returned token too, then fresh ones, as for `login(onIdToken:)`.
  public func loginFromCache(
    onIdToken: @Sendable @escaping (String?) -> Void
  ) async throws -> ClerkCredentials {
    remember(onIdToken)
    let credentials = try await loginFromCache()
    keepCallbackFresh(handedOut: credentials)
    return credentials
  }

  /// Mints a new token now, whatever the cache holds, and passes it to `onIdToken`.
  public func refreshCredentials() async throws -> ClerkCredentials {
    try await credentials(minTTL: minimumTokenTtl, forceRefresh: true, announce: false)
  }

  /// The JWT in `credentials`.
  public func extractIdToken(from credentials: ClerkCredentials) -> String {
    credentials.idToken
  }

  /// Credentials with a token that has `minTTL` seconds left (or a new one when forced).
  package func credentials(
    minTTL: Double, forceRefresh: Bool, announce: Bool
  ) async throws -> ClerkCredentials {
    try await perform(.token, announce: announce) { [self] account in
      try account.token(template: jwtTemplate, minTTL: minTTL, forceRefresh: forceRefresh)
    }
  }

  // MARK: - Sign out

  /// Ends the session at Clerk and deletes the stored sign-in and tokens. The local sign-in is
  /// deleted even when Clerk cannot be reached (the session then lives on at Clerk until it
  /// expires). Calls `onIdToken` with `nil` and forgets it.
  ///
  /// - Throws: `ClerkAuthError.configuration` when the store cannot be changed.
  public func logout() async throws {
    state.withLock { $0.stopRenewals() }
    let previous = transition(to: .loading)
    do {
      _ = try await Self.offload { [self] in try account().signOut() }
    } catch {
      transition(to: previous)
      throw ClerkAuthError(error, during: .signOut)
    }
    let callback = state.withLock { state in
      state.publish(.unauthenticated)
      let callback = state.onIdToken
      state.onIdToken = nil
      state.forgetDelivered()
      return callback
    }
    callback?(nil)
  }

  // MARK: - State

  /// The provider's state now, then every change, for as long as the stream is iterated.
  public var authState: AsyncStream<AuthState<ClerkCredentials>> {
    let (stream, continuation) = AsyncStream<AuthState<ClerkCredentials>>.makeStream(
      bufferingPolicy: .bufferingNewest(64))
    let id = state.withLock { state in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = continuation
      continuation.yield(state.current)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  /// The provider's state now.
  public var currentAuthState: AuthState<ClerkCredentials> {
    state.withLock { $0.current }
  }

  // MARK: - Plumbing

  func account() throws(ClerkAuthError) -> ClerkAccount {
    let backing = try backing.get()
    var account = ClerkAccount(
      profile: backing.profile, store: backing.store, http: http, clock: clock)
    account.requestTimeout = requestTimeout
    account.instance = try instance.get()
    // The provider's template is its configuration, not a request: an API key is sent as is.
    account.apiKeyIgnoresTemplate = true
    return account
  }

  /// Throws, before a sign-in is made, when the store could not keep it (a keyring store
  /// whose keyring does not answer), so no session is left open at Clerk.
  ///
  /// - Throws: `ClerkAuthError.configuration` naming what is missing, step `.store`.
  package func requireStorable(_ account: ClerkAccount) throws(ClerkAuthError) {
    do {
      try account.store.checkCanStore(profile: account.profile)
    } catch {
      throw ClerkAuthError(error, during: .store)
    }
  }

  private func remember(_ onIdToken: @Sendable @escaping (String?) -> Void) {
    state.withLock { $0.onIdToken = onIdToken }
  }

  @discardableResult
  func transition(to next: AuthState<ClerkCredentials>) -> AuthState<ClerkCredentials> {
    state.withLock { state in
      let previous = state.current
      state.publish(next)
      return previous
    }
  }

  /// Runs `body` off the caller's task, then publishes the outcome: the new credentials (and a
  /// minted token to `onIdToken`), or `.unauthenticated` (and `nil`) when the session is gone.
  private func perform(
    _ activity: ClerkAuthError.Activity, announce: Bool,
    _ body: @escaping @Sendable (ClerkAccount) throws -> ClerkAccount.TokenResult
  ) async throws -> ClerkCredentials {
    try await performTimed(activity, announce: announce, body).credentials
  }

  /// `perform`, also returning the token's seconds left on Clerk's clock and whether it was
  /// minted by this call.
  package func performTimed(
    _ activity: ClerkAuthError.Activity, announce: Bool,
    _ body: @escaping @Sendable (ClerkAccount) throws -> ClerkAccount.TokenResult
  ) async throws -> (credentials: ClerkCredentials, secondsLeft: Double, minted: Bool) {
    let previous = announce ? transition(to: .loading) : nil
    let result: ClerkAccount.TokenResult
    let secondsLeft: Double
    do {
      (result, secondsLeft) = try await Self.offload { [self] in
        let account = try account()
        let result = try body(account)
        return (result, account.secondsLeft(result))
      }
    } catch {
      let mapped = ClerkAuthError(error, during: activity)
      if mapped == .noActiveSession {
        sessionEnded()
      } else if let previous {
        transition(to: previous)
      }
      throw mapped
    }
    let credentials = ClerkCredentials(
      userId: result.credential.userID
        ?? (try? ClerkAccount.claims(of: result.token.jwt))?["sub"]?.stringValue ?? "",
      idToken: result.token.jwt, organizationId: result.credential.activeOrganization.id)
    let callback = state.withLock { state in
      state.publish(.authenticated(credentials))
      if activity == .signIn { state.signedIn(credentials) }
      guard result.minted else { return nil as Callback? }
      return state.delivery(of: credentials.idToken)
    }
    callback?(credentials.idToken)
    return (credentials, secondsLeft, result.minted)
  }

  private func sessionEnded() {
    let callback = state.withLock { state in
      state.publish(.unauthenticated)
      guard state.deliveredToken else { return nil as Callback? }
      state.forgetDelivered()
      return state.onIdToken
    }
    callback?(nil)
  }

  /// Runs blocking work (curl, file locks) on a global queue.
  static func offload<T: Sendable>(
    _ body: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
  }

  typealias Callback = @Sendable (String?) -> Void
}
