import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// Hands out machine-to-machine (M2M) tokens for a Clerk machine identity, for services and
/// jobs with no person behind them.
///
/// The machine secret (`ak_…`) is stored once with `login(secretKey:apiUrl:)` (by default in
/// the file `clerkctl` uses, so a machine profile stored by the CLI and this provider share
/// it) and is sent only to the Backend API it was stored for. `token(format:ttl:claimsJson:)` reuses a
/// cached token while it has `minimumTokenTtl` seconds left on Clerk's clock; otherwise it
/// creates one — an opaque one with `min_remaining_ttl_seconds`, so Clerk may hand back a live
/// token instead of creating (and billing) another. Concurrent callers, in this process or
/// others sharing the store, share one creation (the profile's lock).
public final class ClerkMachineTokenProvider: Sendable {
  /// Clerk's Backend API.
  public static let defaultApiUrl = BackendAPIClient.defaultBaseURL
  /// A cached token is reused only while it has at least this many seconds left.
  public let minimumTokenTtl: TimeInterval
  /// The profile, its HTTP client and clock, and running its account.
  private let runner: ProfileAccountRunner
  package var http: HTTPClient { runner.http }
  var clock: Clock { runner.clock }
  /// The running `tokens(…)` streams, ended by `logout()`.
  let streams = Lock(MachineTokenStreams())

  /// A provider over `store`'s machine identity.
  ///
  /// - Parameters:
  ///   - minimumTokenTtl: seconds a handed-out token has left at least.
  ///   - store: where the identity is kept; default the `default` profile's file.
  ///   - userAgent: the `User-Agent` Clerk sees; default `ClerkctlKit/VERSION`.
  public convenience init(
    minimumTokenTtl: TimeInterval = 10, store: ClerkCredentialStore = .file(),
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

  /// Stores `secretKey` as the machine identity for the Backend API at `apiUrl`, after one
  /// token creation that proves it (the default opaque token, then cached).
  ///
  /// - Throws: `ClerkAuthError.signInRejected` when Clerk refuses the secret (nothing is
  ///   stored); `.unavailable` when the Backend API cannot be reached.
  @discardableResult
  public func login(
    secretKey: String, apiUrl: String = ClerkMachineTokenProvider.defaultApiUrl
  ) async throws -> ClerkMachineToken {
    try await tokenResult(login: true) { account in
      try account.login(
        secretKey: secretKey, apiURL: apiUrl, minTTL: Int64(self.minimumTokenTtl.rounded(.up)))
    }.token
  }

  /// An M2M token: the cached one while it has `minimumTokenTtl` left, else a new one.
  ///
  /// - Parameters:
  ///   - format: opaque (Clerk's default) or a JWT.
  ///   - ttl: the token's lifetime in seconds; `nil`: the machine's default.
  ///   - claimsJson: custom claims as a JSON object, e.g. `{"aud":"convex"}`.
  ///   - forceRefresh: always create a new one.
  /// - Throws: `ClerkAuthError.noActiveSession` when no machine identity is stored or Clerk no
  ///   longer accepts its secret; `.configuration` for claims that are not a JSON object or a
  ///   `ttl` not above `minimumTokenTtl`; `.tokenRetrievalFailed` when Clerk refuses the claims.
  public func token(
    format: ClerkMachineToken.Format = .opaque, ttl: Int64? = nil, claimsJson: String? = nil,
    forceRefresh: Bool = false
  ) async throws -> ClerkMachineToken {
    try await token(
      Self.request(format: format, ttl: ttl, claimsJson: claimsJson),
      minimumTtl: minimumTokenTtl, forceRefresh: forceRefresh
    ).token
  }

  /// The token request for these parameters.
  static func request(
    format: ClerkMachineToken.Format, ttl: Int64?, claimsJson: String?
  ) throws(ClerkAuthError) -> MachineTokenRequest {
    var claims: JSONValue?
    if let claimsJson {
      guard let value = try? JSONValue(parsing: claimsJson), value.objectValue != nil else {
        throw ClerkAuthError.configuration("the claims must be a JSON object")
      }
      claims = value
    }
    return MachineTokenRequest(format: format == .jwt ? .jwt : .opaque, ttl: ttl, claims: claims)
  }

  /// A token for `request` with `minimumTtl` left (clamped at 0), and its seconds left on
  /// Clerk's clock.
  func token(
    _ request: MachineTokenRequest, minimumTtl: TimeInterval, forceRefresh: Bool
  ) async throws -> (token: ClerkMachineToken, secondsLeft: Int64) {
    let least = max(0, minimumTtl)
    return try await tokenResult(login: false) { account in
      try account.token(request, minTTL: least, forceRefresh: forceRefresh)
    }
  }

  /// Deletes the stored identity (there is no session to end at Clerk).
  public func logout() async throws {
    for stream in streams.withLock({ $0.takeAll() }) {
      stream.task.cancel()
      stream.finish()
    }
    _ = try await perform { account in try account.forget() }
  }

  func tokenResult(
    login: Bool, _ body: @escaping @Sendable (MachineAccount) throws -> MachineAccount.TokenResult
  ) async throws -> (token: ClerkMachineToken, secondsLeft: Int64) {
    let result = try await perform(login: login, body)
    let token = ClerkMachineToken(
      token: result.token.token, format: result.token.format == .jwt ? .jwt : .opaque,
      id: result.token.id, machineId: result.token.subject, scopes: result.token.scopes,
      expiresAt: Date(timeIntervalSince1970: TimeInterval(result.token.expiresAt)),
      cached: !result.created)
    return (token, result.expiresIn)
  }

  private func perform<T: Sendable>(
    login: Bool = false, _ body: @escaping @Sendable (MachineAccount) throws -> T
  ) async throws -> T {
    try await runner.run(
      MachineAccount.init, login: login,
      translate: { error in
        (error as? MachineAuthError).map { Self.mapped($0, login: login) }
      }, body)
  }

  private static func mapped(_ error: MachineAuthError, login: Bool) -> ClerkAuthError {
    switch error {
    case .notAMachine: .noActiveSession
    case .secretRefused: login ? .signInRejected(error.description) : .noActiveSession
    case .secretKeyRefused, .minTTLNotBelowLifetime, .tooShortToKeep:
      .configuration(error.description)
    case .refused, .tokenInvalid: .tokenRetrievalFailed(error.description)
    }
  }
}
