import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// One machine profile: store a machine identity, create M2M tokens through the profile's
/// cache (one creation however many processes ask), and reach the Backend API with the
/// machine secret — which goes to the Backend API origin it was stored with and nowhere else.
package struct MachineAccount: ProfileAccessing {
  /// The profile, its store and what requests go with.
  package var access: ProfileAccess

  package init(_ access: ProfileAccess) {
    self.access = access
  }

  /// A token and where it came from.
  package struct TokenResult: Sendable {
    package var token: MachineToken
    package var credential: ProfileCredential
    /// Whether this call created it (false: from the profile's cache).
    package var created: Bool
    /// Seconds left, judged against Clerk's clock.
    package var expiresIn: Int64
  }

  /// The stored machine identity.
  ///
  /// - Throws: `MachineAuthError.notAMachine`; `InstanceError.boundElsewhere` (nothing is
  ///   sent) when `instance` is another origin than the one the secret was stored for.
  package func requireCredential(
    _ stored: ProfileCredential? = nil
  ) throws -> (ProfileCredential, MachineCredential) {
    guard let credential = try stored ?? access.store.load(profile: access.profile),
      credential.kind == .machine,
      let machine = credential.machine
    else { throw MachineAuthError.notAMachine(profile: access.profile) }
    try requireBinding(machine)
    return (credential, machine)
  }

  private func requireBinding(_ machine: MachineCredential) throws {
    guard let instance = access.instance else { return }
    let bound = InstanceOrigin(url: machine.apiURL)
    guard bound != instance.origin else { return }
    throw InstanceError.boundElsewhere(
      profile: access.profile, bound: bound?.description ?? machine.apiURL,
      requested: instance.origin.description, source: instance.source)
  }

  /// A Backend API client for `machine`'s own origin, with its secret.
  package func client(_ machine: MachineCredential) -> MachineAPIClient {
    MachineAPIClient(
      baseURL: machine.apiURL, bearer: machine.secretKey, http: access.http, clock: access.clock,
      requestTimeout: access.requestTimeout)
  }

  // MARK: - Storing an identity

  /// Stores `secretKey` for the Backend API at `apiURL` as the profile's machine identity,
  /// after one token creation (the default opaque token, cached) that proves the secret and
  /// names the machine. The previous credential of the profile is replaced.
  ///
  /// - Throws: `MachineAuthError.secretRefused` when Clerk refuses the secret (nothing is
  ///   stored).
  package func login(
    secretKey: String, apiURL: String, minTTL: Int64 = 10
  ) throws -> TokenResult {
    var machine = MachineCredential(secretKey: secretKey, apiURL: apiURL)
    var credential = ProfileCredential(
      profile: access.profile, fapiURL: "", clientToken: "", signedInAt: access.clock.epochSeconds)
    credential.kind = .machine
    credential.machine = machine
    let (token, skew) = try create(MachineTokenRequest(), machine: machine, minTTL: minTTL)
    credential.clockSkew = skew
    machine.machineID = token.subject
    machine.scopes = token.scopes
    machine.tokens[MachineTokenRequest().cacheKey] = token
    credential.machine = machine
    try access.withLock {
      try access.store.save(credential)
    }
    return TokenResult(
      token: token, credential: credential, created: true,
      expiresIn: expiresIn(token, skew: skew))
  }

  // MARK: - Tokens

  /// An M2M token for `request`: from the cache while it has at least `minTTL` seconds left on
  /// Clerk's clock, else created with one request (an opaque one with
  /// `min_remaining_ttl_seconds`, so Clerk may hand back a live one) and cached. Concurrent
  /// callers share one creation: the profile lock is taken and the cache checked again first.
  ///
  /// - Throws: `MachineAuthError.minTTLNotBelowLifetime` before anything is sent when
  ///   `request.ttl` is not above `minTTL`, and after the creation when the new token's
  ///   lifetime is not.
  ///
  /// Clerk's `min_remaining_ttl_seconds` is whole seconds: `minTTL` rounded up. When that is
  /// not below `request.ttl` (a 3 s token asked to have 2.5 s left), no live token could
  /// satisfy it, so it is not sent and Clerk creates one.
  ///
  /// `stored`: what `store.load(profile:)` just returned for this profile, when the caller read
  /// it already (to learn the profile's kind): it is not read again. `nil`: read it here.
  package func token(
    _ request: MachineTokenRequest, minTTL: Double, forceRefresh: Bool = false,
    stored: ProfileCredential? = nil
  ) throws -> TokenResult {
    let least = Int64(minTTL.rounded(.up))
    if let ttl = request.ttl, Double(ttl) <= minTTL {
      throw MachineAuthError.minTTLNotBelowLifetime(minTTL: least, lifetime: ttl)
    }
    let reusable = request.ttl.map { least < $0 } ?? true
    let (credential, machine) = try requireCredential(stored)
    if !forceRefresh, let hit = cacheHit(credential, machine, request, minTTL: minTTL) {
      return hit
    }
    return try access.withLock {
      let (fresh, freshMachine) = try requireCredential()
      if !forceRefresh, let hit = cacheHit(fresh, freshMachine, request, minTTL: minTTL) {
        return hit
      }
      let (token, skew) = try create(
        request, machine: freshMachine, minTTL: forceRefresh || !reusable ? nil : least)
      var updated = fresh
      var machine = freshMachine
      updated.clockSkew = skew
      let serverNow = Int64(access.clock.now().timeIntervalSince1970 + skew)
      machine.pruneTokens(now: serverNow)
      machine.tokens[request.cacheKey] = token
      machine.machineID = token.subject
      machine.scopes = token.scopes
      updated.machine = machine
      try access.store.saveTokenCache(updated, previous: fresh)
      // A token just created is judged by its lifetime, not by what is left of it after this
      // process's own delays (a loaded machine took seconds between the reply and here, and a
      // 5 s token then read as too short for a 3 s minimum).
      let left = expiresIn(token, skew: skew)
      let lifetime = token.expiresAt - token.createdAt
      if Double(lifetime) <= minTTL {
        throw MachineAuthError.minTTLNotBelowLifetime(minTTL: least, lifetime: lifetime)
      }
      return TokenResult(token: token, credential: updated, created: true, expiresIn: left)
    }
  }

  private func cacheHit(
    _ credential: ProfileCredential, _ machine: MachineCredential, _ request: MachineTokenRequest,
    minTTL: Double
  ) -> TokenResult? {
    guard let token = machine.tokens[request.cacheKey],
      token.instance == InstanceOrigin(url: machine.apiURL)?.description
    else { return nil }
    let serverNow = access.clock.now().timeIntervalSince1970 + credential.clockSkew
    let left = Double(token.expiresAt) - serverNow
    guard left >= minTTL else { return nil }
    return TokenResult(
      token: token, credential: credential, created: false,
      expiresIn: Int64(left.rounded(.down)))
  }

  private func expiresIn(_ token: MachineToken, skew: Double) -> Int64 {
    Int64(
      (Double(token.expiresAt) - (access.clock.now().timeIntervalSince1970 + skew)).rounded(.down))
  }

  /// One `POST /m2m_tokens`; the token and Clerk's clock minus ours.
  private func create(
    _ request: MachineTokenRequest, machine: MachineCredential, minTTL: Int64?
  ) throws -> (MachineToken, Double) {
    let api = client(machine)
    let reply: JSONValue
    do {
      reply = try api.createToken(request, minRemainingTTL: minTTL)
    } catch let refusal as MachineAPIClient.Refusal {
      throw explain(refusal, minTTL: minTTL, request: request)
    }
    let skew = api.clockSkew ?? 0
    guard let token = Self.token(reply, format: request.format, apiURL: machine.apiURL) else {
      throw ClerkError.malformedResponse("the M2M token reply has no token, id or expiration")
    }
    return (token, skew)
  }

  /// The token in a `machine_to_machine_token` reply (times in milliseconds).
  package static func token(
    _ reply: JSONValue, format: MachineToken.Format, apiURL: String
  ) -> MachineToken? {
    guard let token = reply["token"]?.stringValue, !token.isEmpty,
      let id = reply["id"]?.stringValue, let expiration = reply["expiration"]?.intValue
    else { return nil }
    return MachineToken(
      token: token, format: format, id: id, subject: reply["subject"]?.stringValue ?? "",
      scopes: reply["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? [],
      createdAt: (reply["created_at"]?.intValue ?? 0) / 1000, expiresAt: expiration / 1000,
      instance: InstanceOrigin(url: apiURL)?.description ?? apiURL)
  }

  /// Clerk's refusal of a creation, in the machine's terms.
  package func explain(
    _ refusal: MachineAPIClient.Refusal, minTTL: Int64? = nil,
    request: MachineTokenRequest? = nil
  ) -> MachineAuthError {
    let error = refusal.error
    if error.status == 401 || error.status == 403 {
      return .secretRefused(profile: access.profile, detail: error.description)
    }
    if error.status == 400, let minTTL,
      error.description.contains("min_remaining_ttl_seconds")
    {
      return .minTTLNotBelowLifetime(minTTL: minTTL, lifetime: request?.ttl)
    }
    return .refused(status: error.status, code: error.code, detail: error.description)
  }

  /// Deletes the profile's files (a machine identity has no session to end).
  ///
  /// - Returns: whether anything was stored.
  @discardableResult
  package func forget() throws -> Bool {
    try access.store.destroy(profile: access.profile)
  }
}

extension MachineAccount.TokenResult {
  /// The same token as a session token's result (its `jwt` the M2M token, opaque or not), for
  /// what keeps and hands out tokens of either kind.
  package var asSessionTokenResult: ClerkAccount.TokenResult {
    ClerkAccount.TokenResult(
      token: CachedToken(
        jwt: token.token, template: nil, issuedAt: token.createdAt, expiresAt: token.expiresAt,
        instance: token.instance),
      credential: credential, minted: created, expiresIn: expiresIn)
  }
}

extension MachineAccount {
  /// A token for a keeper that replaces it before it runs low (see
  /// `ClerkAccount.renewedToken(template:renewal:)`): the cached one while it has
  /// `renewal.requestedTTL` left, else a new one through the same cache and lock.
  ///
  /// - Throws: `MachineAuthError.tooShortToKeep` when the tokens do not live longer than
  ///   `renewal.requestedTTL` (before anything is sent, for a `request.ttl`): a new one would
  ///   be due for renewal at once, and every renewal would create (and bill) another.
  package func renewedToken(
    _ request: MachineTokenRequest, renewal: TokenRenewal, forceRefresh: Bool = false
  ) throws -> TokenResult {
    do {
      return try token(request, minTTL: renewal.requestedTTL, forceRefresh: forceRefresh)
    } catch MachineAuthError.minTTLNotBelowLifetime(_, let lifetime) {
      throw MachineAuthError.tooShortToKeep(minTTL: renewal.minTTL, lifetime: lifetime)
    }
  }

  /// Seconds `result`'s token has left now, on Clerk's clock.
  package func secondsLeft(_ token: CachedToken, clockSkew: Double) -> Double {
    Double(token.expiresAt) - (access.clock.now().timeIntervalSince1970 + clockSkew)
  }
}
