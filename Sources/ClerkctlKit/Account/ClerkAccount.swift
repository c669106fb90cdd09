import ClerkctlCore
import ClerkctlHTTP
import ClerkctlWire
import FoundationEssentials

/// One profile's sign-in: log in, mint tokens through the cache, check and end the session.
///
/// This is what the CLI commands and the Swift library API are built on. Everything it
/// touches comes in as values (store, HTTP, clock), so tests swap any of them.
package struct ClerkAccount {
  /// The profile name.
  package let profile: String
  package let store: any CredentialStore
  package let http: HTTPClient
  package let clock: Clock
  /// Seconds per HTTP request.
  package var requestTimeout: Double = HTTPRequest.defaultTimeout
  package var retry = RetryPolicy()
  /// Seconds to wait for another process holding the profile's lock.
  package var lockTimeout: Double = 30
  /// The instance configuration names (flags, arguments, environment), if any. A stored
  /// credential is used only when it was issued by this instance's origin; requests go to its
  /// URL. `nil`: every request goes where the credential was issued.
  package var instance: InstanceOverride?
  /// Told (before anything is sent) when a credential file that others can read is used anyway,
  /// to end its session: by `signOut()` and by a sign-in that replaces it. Carries
  /// `CredentialStoreError.insecurePermissions`.
  package var onExposedCredential: (@Sendable (CredentialStoreError) -> Void)?
  /// Whether a JWT template asked of a profile of kind `api_key` is ignored (the library's
  /// configured template) rather than refused (a usage error on the command line).
  package var apiKeyIgnoresTemplate = false
  /// Checks a loopback instance's tokens against the keys it served at sign-in (recorded
  /// then); `nil`: none are recorded or checked.
  package var instanceKeyCheck: InstanceKeyCheck?

  package init(profile: String, store: any CredentialStore, http: HTTPClient, clock: Clock) {
    self.profile = profile
    self.store = store
    self.http = http
    self.clock = clock
  }

  /// A Frontend API client for `fapiURL` holding `clientToken`.
  package func api(fapiURL: String, clientToken: String?) -> FrontendAPIClient {
    FrontendAPIClient(
      baseURL: fapiURL, clientToken: clientToken, http: http, clock: clock,
      requestTimeout: requestTimeout, retry: retry)
  }

  /// The stored credential, or `notSignedIn` naming the profile.
  ///
  /// - Throws: also `InstanceError.boundElsewhere` when `instance` is not the credential's.
  package func requireCredential() throws -> ProfileCredential {
    try requireSignedIn(store.load(profile: profile))
  }

  /// `loaded` when it holds a session issued by the configured instance.
  private func requireSignedIn(_ loaded: ProfileCredential?) throws -> ProfileCredential {
    guard let credential = loaded, credential.sessionID != nil else {
      throw ClerkError.notSignedIn(profile: profile, .noSignIn)
    }
    try instance?.requireBinding(of: credential)
    return credential
  }

  /// Checks, sending nothing, that a stored credential (one that others can read included) was
  /// issued by `instance`. Passes when nothing is stored or the file cannot be read (the
  /// command that uses it then fails on that).
  ///
  /// - Throws: `InstanceError.boundElsewhere`.
  package func checkInstanceBinding() throws {
    guard let instance, let loaded = try? store.loadForRemoval(profile: profile) else { return }
    try instance.requireBinding(of: loaded.credential)
  }

  /// Where requests with `credential` go: the configured instance (same origin, checked), else
  /// where it was issued.
  private func baseURL(for credential: ProfileCredential) -> String {
    instance?.url ?? credential.fapiURL
  }

  // MARK: - Sign in

  /// Signs in from a new client and stores the credential; only then signs the profile's
  /// previous session out (best effort: a failure there is returned, not thrown).
  ///
  /// - Parameters:
  ///   - method: how the sign-in starts.
  ///   - inputs: where secrets come from.
  ///   - fapiURL: the instance.
  ///   - timeout: seconds for the whole sign-in.
  /// - Returns: the stored credential, and the error that kept the old session from ending.
  package func signIn(
    method: SignInMethod, inputs: SignInInputs, fapiURL: String, timeout: Double
  ) throws -> (credential: ProfileCredential, previousSignOutError: ClerkError?) {
    let api = api(fapiURL: fapiURL, clientToken: nil)
    api.deadline = clock.now().addingTimeInterval(timeout)
    api.deadlineSeconds = timeout
    let outcome = try SignInFlow(api: api, inputs: inputs).run(method)
    return try store(outcome, fapiURL: fapiURL, clockSkew: api.clockSkew ?? 0)
  }

  // MARK: - Tokens

  /// A token and where it came from.
  package struct TokenResult: Sendable {
    package var token: CachedToken
    package var credential: ProfileCredential
    /// Whether this call minted it (false: from the cache).
    package var minted: Bool
    /// Seconds left, judged against Clerk's clock.
    package var expiresIn: Int64
  }

  /// A JWT for the signed-in session: from the cache while it has at least `minTTL` seconds
  /// left on Clerk's clock, else minted with one request and cached. Concurrent callers share
  /// one mint: the profile lock is taken and the cache checked again before minting.
  ///
  /// - Parameters:
  ///   - template: the JWT template, or `nil` for the session token.
  ///   - minTTL: the least lifetime acceptable, seconds.
  ///   - forceRefresh: mint even when the cache has a good token.
  ///   - stored: what `store.load(profile:)` just returned for this profile, when the caller read
  ///     it already (to learn the profile's kind): it is not read again. `nil`: read it here. A
  ///     mint reads it again under the lock either way.
  package func token(
    template: String?, minTTL: Double, forceRefresh: Bool, stored: ProfileCredential? = nil
  ) throws -> TokenResult {
    // One read answers both (each read of the file was a tenth of a cache hit).
    let loaded = try stored ?? store.load(profile: profile)
    if let loaded, loaded.kind == .apiKey { return try apiKeyToken(loaded, template: template) }
    let credential = try requireSignedIn(loaded)
    if !forceRefresh, let hit = cacheHit(credential, template: template, minTTL: minTTL) {
      return hit
    }
    return try store.withLock(profile: profile, timeout: lockTimeout) {
      let fresh = try requireCredential()
      if !forceRefresh, let hit = cacheHit(fresh, template: template, minTTL: minTTL) {
        return hit
      }
      return try mint(fresh, template: template, minTTL: minTTL)
    }
  }

  private func cacheHit(
    _ credential: ProfileCredential, template: String?, minTTL: Double
  )
    -> TokenResult?
  {
    guard let sessionID = credential.sessionID,
      let token = credential.cachedToken(sessionID: sessionID, template: template),
      token.instance != nil, token.instance == InstanceOrigin(url: credential.fapiURL)?.description
    else { return nil }
    let serverNow = clock.now().timeIntervalSince1970 + credential.clockSkew
    let left = Double(token.expiresAt) - serverNow
    guard left >= minTTL else { return nil }
    return TokenResult(
      token: token, credential: credential, minted: false,
      expiresIn: Int64(saturating: left.rounded(.down)))
  }

  private func mint(
    _ stored: ProfileCredential, template: String?, minTTL: Double
  ) throws -> TokenResult {
    var credential = stored
    guard let sessionID = credential.sessionID else {
      throw ClerkError.notSignedIn(profile: profile, .noSignIn)
    }
    let api = api(fapiURL: baseURL(for: credential), clientToken: credential.clientToken)
    let jwt: String
    do {
      // The session token names the active organization as Clerk last reported it (never a
      // guess); template requests carry none, as Clerk's clients send them, and Clerk renders
      // them with the session's active organization.
      jwt = try api.mintToken(
        sessionID: sessionID, template: template,
        organizationID: template == nil ? credential.activeOrganization.tokenParameter : nil)
    } catch {
      throw try explainMintFailure(error, api: api, sessionID: sessionID, template: template)
    }
    let localNow = clock.now().timeIntervalSince1970
    let claims = try Self.claims(of: jwt)
    guard let expiresAt = claims["exp"]?.intValue else {
      throw ClerkError.malformedResponse("the minted token has no 'exp' claim")
    }
    // After the shape checks: a reply that is no token at all is malformed (exit 5), whoever sent it.
    try checkInstanceKeys(jwt, of: credential, from: api.baseURL)
    let issuedAt = claims["iat"]?.intValue ?? Int64(saturating: localNow)
    credential.clockSkew = api.clockSkew ?? (Double(issuedAt) - localNow)
    if let rotated = api.clientToken, api.clientTokenChanged { credential.clientToken = rotated }
    let token = CachedToken(
      jwt: jwt, template: template, issuedAt: issuedAt, expiresAt: expiresAt,
      instance: InstanceOrigin(url: api.baseURL)?.description)
    credential.pruneTokens(
      keepingSession: sessionID, now: Int64(saturating: localNow + credential.clockSkew))
    credential.cache(token, sessionID: sessionID)
    try store.saveTokenCache(credential, previous: stored)
    let left = Double(expiresAt) - (localNow + credential.clockSkew)
    if left < minTTL {
      throw ClerkError.tokenTooShortLived(
        lifetime: expiresAt.saturatingSubtract(issuedAt), minTTL: minTTL)
    }
    return TokenResult(
      token: token, credential: credential, minted: true,
      expiresIn: Int64(saturating: left.rounded(.down)))
  }

  /// The payload of a JWT Clerk just gave us (not verified: it came over TLS from Clerk).
  package static func claims(of jwt: String) throws -> JSONValue {
    do {
      return try JWT.unverifiedPayload(of: jwt)
    } catch {
      throw ClerkError.malformedResponse("the minted token is not a JWT (\(error))")
    }
  }

  /// Tells a dead session (`notSignedIn`) from a template that cannot be minted (`tokenRefused`).
  private func explainMintFailure(
    _ error: any Error, api: FrontendAPIClient, sessionID: String, template: String?
  ) throws -> any Error {
    guard case ClerkError.api(let apiError) = error else { return error }
    let host = URLParts.authority(of: api.baseURL) ?? api.baseURL
    if apiError.status == 404, apiError.code == "resource_not_found",
      apiError.description.lowercased().firstRange(of: "template") != nil,
      let template
    {
      return ClerkError.tokenRefused(
        "no JWT template named '\(template)' on \(host): create it in the Clerk dashboard "
          + "(Configure → JWT templates)")
    }
    guard [401, 403, 404].contains(apiError.status) else { return error }
    // Is the session gone, or is the token refused for another reason? Ask for the client.
    let client = try? api.client()
    if let session = client?.session(sessionID), session.isActive {
      let what = template.map { "template '\($0)'" } ?? "the session token"
      return ClerkError.tokenRefused(
        "Clerk refused to mint \(what): \(apiError.description) (\(apiError.code))")
    }
    return ClerkError.notSignedIn(profile: profile, .ended)
  }

  // MARK: - Session checks and sign-out

  /// Asks Clerk for the stored session's state, keeping any rotated client token.
  package func liveSession() throws -> (credential: ProfileCredential, session: ClerkSession) {
    var credential = try requireCredential()
    guard let sessionID = credential.sessionID else {
      throw ClerkError.notSignedIn(profile: profile, .noSignIn)
    }
    let api = api(fapiURL: baseURL(for: credential), clientToken: credential.clientToken)
    let answer = Result { () throws(ClerkError) in try api.client() }
    // 401/404: Clerk no longer knows the client, so the session is gone too.
    if case .failure(.api(let error)) = answer, [401, 404].contains(error.status) {
      throw ClerkError.notSignedIn(profile: profile, .ended)
    }
    let client = try answer.get()
    // A recorded instance's client token is rotated by sign-ins, not by a session check.
    if credential.instanceKeys != nil, api.clientTokenChanged {
      throw InstanceError.unverifiedToken(
        profile: profile, origin: InstanceOrigin(url: api.baseURL)?.description ?? api.baseURL)
    }
    let reported = client?.session(sessionID)?.activeOrganization ?? .unknown
    if (api.clientTokenChanged && api.clientToken != nil)
      || (reported != .unknown && reported != credential.activeOrganization)
    {
      credential = try store.withLock(profile: profile, timeout: lockTimeout) {
        var fresh = try requireCredential()
        guard fresh.sessionID == sessionID else { return fresh }
        if api.clientTokenChanged, let rotated = api.clientToken { fresh.clientToken = rotated }
        // Only when nothing chose another organization while the request was out: what Clerk
        // reported before a switch is stale after it.
        if fresh.activeOrganization == credential.activeOrganization {
          fresh.recordActiveOrganization(reported)
        }
        try store.save(fresh)
        return fresh
      }
    }
    guard let session = client?.session(sessionID), session.isActive else {
      let state = client?.session(sessionID)?.status.rawValue ?? "gone"
      throw ClerkError.notSignedIn(profile: profile, .state(state))
    }
    return (credential, session)
  }

  /// What `signOut` managed.
  package enum SignOutResult: Equatable, Sendable {
    /// No stored sign-in.
    case notSignedIn
    /// Clerk ended the session and the local files are gone.
    case signedOut(email: String?)
    /// The local files are gone but Clerk could not be told.
    case localOnly(email: String?, error: ClerkError)
  }

  /// Ends the session at Clerk (`POST …/sessions/{sid}/remove`), then deletes the profile's
  /// credential (with any temporary files a killed write left) whatever happened at Clerk. A
  /// corrupt file is deleted too; a file that others can read is exposed, not refused: its
  /// session is ended all the more (`onExposedCredential` is told first).
  ///
  /// Load, revoke and delete happen under the profile lock, so a token mint or a sign-in in
  /// flight can neither bring the credential back nor lose a new one: what is deleted is the
  /// credential whose session was ended. A 401 or 404 from the removal counts as done only when
  /// Clerk confirms it (the client is gone, or the session in it is no longer active).
  ///
  /// - Throws: `InstanceError.boundElsewhere` (before anything is sent or deleted) when
  ///   `instance` is not the credential's; `CredentialStoreError` when the files cannot be read
  ///   or removed.
  package func signOut() throws -> SignOutResult {
    // Nothing stored, nothing to lock: a sign-in that saves later comes after this sign-out.
    if case .success(nil) = Result(catching: { () throws(CredentialStoreError) in
      try store.loadForRemoval(profile: profile)
    }) {
      return .notSignedIn
    }
    return try store.withLock(profile: profile, timeout: lockTimeout) {
      try signOutHoldingLock()
    }
  }

  private func signOutHoldingLock() throws -> SignOutResult {
    let loaded: (credential: ProfileCredential, exposure: CredentialStoreError?)?
    switch Result(catching: { () throws(CredentialStoreError) in
      try store.loadForRemoval(profile: profile)
    }) {
    case .success(let found):
      loaded = found
    case .failure(.corrupt), .failure(.unsupportedVersion):
      try store.destroy(profile: profile)
      return .signedOut(email: nil)
    case .failure(let error):
      throw error
    }
    guard let loaded else {
      try store.destroy(profile: profile)
      return .notSignedIn
    }
    let credential = loaded.credential
    try instance?.requireBinding(of: credential)
    if let exposure = loaded.exposure { onExposedCredential?(exposure) }
    var remoteError: ClerkError?
    if let sessionID = credential.sessionID {
      let api = api(fapiURL: baseURL(for: credential), clientToken: credential.clientToken)
      if case .failure(let error) = Result(catching: { () throws(ClerkError) in
        try api.removeSession(sessionID)
      }), !(Self.sessionAlreadyGone(error) && Self.confirmedGone(sessionID, api: api)) {
        remoteError = error
      }
    }
    try store.destroy(profile: profile)
    if let remoteError { return .localOnly(email: credential.email, error: remoteError) }
    return .signedOut(email: credential.email)
  }

  /// Whether Clerk confirms that `sessionID` is over: it knows no client for the token (none,
  /// or 401), or the client's session is not active. A 404 for the client too (a wrong path
  /// prefix answers every path so) confirms nothing.
  static func confirmedGone(_ sessionID: String, api: FrontendAPIClient) -> Bool {
    switch Result(catching: { () throws(ClerkError) in try api.client() }) {
    case .success(nil): return true
    case .success(let client?): return !(client.session(sessionID)?.isActive ?? false)
    case .failure(.api(let error)) where error.status == 401: return true
    case .failure: return false
    }
  }

  /// Whether a sign-out failed only because Clerk no longer knows the session or client.
  static func sessionAlreadyGone(_ error: any Error) -> Bool {
    guard case ClerkError.api(let apiError) = error else { return false }
    return [401, 404].contains(apiError.status)
  }
}
