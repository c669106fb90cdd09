import ClerkctlCore
import Foundation

/// M2M tokens (`/m2m_tokens…`, with or without `/v1`).
///
/// - Create (201), with a machine secret only: `token_format` `opaque` (default; `mt_…`,
///   stored) or `jwt` (signed by the instance key with header `cat: cl_B7d4PD333AAA`: `iss` the
///   FAPI URL, `sub` the machine, `jti` the token id, `iat`, `nbf` (`iat` − 10), `exp`, and the
///   custom `claims` merged in; never stored); `seconds_until_expiration` (> 0; else the
///   machine's `default_token_ttl`); `claims` (an object or null; Clerk's own claims are 400
///   `machine_token_reserved_claim`); `min_remaining_ttl_seconds` (an integer ≥ 0 and below the
///   lifetime, else 400): an opaque token of the machine, live, unrevoked, with the same claims
///   and scopes and at least that long to live is returned instead of a new one. The token
///   carries the machine's scopes of that moment. Unknown body keys are 400.
/// - List: `subject` (required), `revoked`/`expired` (include those too; default false),
///   `limit` 1…100 (default 10), `offset`; a machine secret lists only its own tokens (403).
///   Opaque tokens only, newest first, without `token`.
/// - Revoke: an opaque token, by id; a machine secret only its own (else 404).
/// - Verify `{"token"}` (Clerk's Python helper still sends `{"secret"}`; both are read): a live
///   opaque token; with a machine secret, only when that machine is in the token's scopes
///   (else 404). Records `last_used_at`. Unknown, revoked, expired and JWT tokens are 404.
///
/// Times are milliseconds, as Clerk's are on these endpoints.
extension MachineAuthHandler {
  func tokenReply(
    _ endpoint: MachineEndpoint, _ context: RequestContext, body: JSONValue, caller: Caller,
    store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> Outcome {
    switch endpoint {
    case .createToken:
      guard case .machine(let id) = caller else { throw .machineSecretRequired }
      return try createToken(body, machineID: id, store: &store, now: now)
    case .listTokens:
      return .reply(
        try listTokens(context.query, caller: caller, store: store, now: now), status: 200)
    case .revokeToken:
      return .reply(
        try revokeToken(
          context.params["m2m_token_id"] ?? "", body, caller: caller, store: &store, now: now),
        status: 200)
    case .verifyToken:
      return .reply(try verifyToken(body, caller: caller, store: &store, now: now), status: 200)
    case .listMachines, .createMachine, .getMachine, .updateMachine, .deleteMachine, .getSecretKey,
      .rotateSecretKey, .createScope, .deleteScope:
      throw .routeNotFound  // machines: `machineReply`
    }
  }

  /// The claims Clerk sets on an M2M JWT itself.
  static let reservedClaims: Set<String> = ["iss", "sub", "exp", "nbf", "iat", "jti"]

  private func createToken(
    _ body: JSONValue, machineID: String, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> Outcome {
    guard let machine = store.machineAuth.machines[machineID] else {
      throw .machineSecretInvalid
    }
    try Self.rejectUnknownKeys(
      body,
      allowed: ["token_format", "seconds_until_expiration", "claims", "min_remaining_ttl_seconds"])
    let format = try Self.tokenFormat(body)
    let lifetime = try Self.lifetime(body, default: machine.defaultTokenTTL)
    let claims = try Self.customClaims(body)
    let minimum = try Self.minimumRemaining(body, lifetime: lifetime)
    let expiration = now + Int64((lifetime * 1000).rounded(.down))
    let scopes = machine.scopedMachineIDs
    guard format == "jwt" else {
      let stored = store.machineAuth
      if let minimum,
        let reused = stored.tokenOrder.reversed().lazy.compactMap({ stored.tokens[$0] }).first(
          where: {
            $0.subject == machineID && !$0.revoked && !$0.isExpired(now: now)
              && $0.claims == claims && Set($0.scopes) == Set(scopes)
              && $0.expiration - now >= minimum * 1000
          })
      {
        return .reply(store.m2mTokenJSON(reused, now: now, includeToken: true), status: 201)
      }
      let token = M2MTokenRecord(
        id: random.m2mTokenID(), subject: machineID, token: random.opaqueM2MToken(),
        claims: claims, scopes: scopes, expiration: expiration, createdAt: now, updatedAt: now)
      store.machineAuth.insert(token)
      return .reply(store.m2mTokenJSON(token, now: now, includeToken: true), status: 201)
    }
    let record = M2MTokenRecord(
      id: random.m2mTokenID(), subject: machineID, token: "", claims: claims, scopes: scopes,
      expiration: expiration, createdAt: now, updatedAt: now)
    var payload = claims.objectValue ?? [:]
    let iat = now / 1000
    payload["iss"] = .string(store.baseURL)
    payload["sub"] = .string(machineID)
    payload["jti"] = .string(record.id)
    payload["iat"] = .int(iat)
    payload["nbf"] = .int(iat - 10)
    payload["exp"] = .int(expiration / 1000)
    return .signJWT(
      claims: .object(payload), reply: store.m2mTokenJSON(record, now: now, includeToken: false))
  }

  private func listTokens(
    _ query: FormData, caller: Caller, store: Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let subject = query.nonEmpty("subject") else {
      throw .m2mBadRequest("Invalid 'query.subject': is required")
    }
    guard EmulatorConfiguration.isValidMachineID(subject) else {
      throw .m2mBadRequest("Invalid 'query.subject': Failed regex check")
    }
    if case .machine(let id) = caller, id != subject { throw .m2mOtherSubject }
    guard store.machineAuth.machines[subject] != nil else {
      throw .m2mNotFound("No machine was found with id \(subject)")
    }
    let revoked = try Self.flag(query, "revoked")
    let expired = try Self.flag(query, "expired")
    let limit = try Self.number(query, "limit", range: 1...100) ?? 10
    let offset = try Self.number(query, "offset", range: 0...Int.max) ?? 0
    let tokens = store.machineAuth.tokenOrder.reversed().compactMap {
      store.machineAuth.tokens[$0]
    }.filter {
      $0.subject == subject && (revoked || !$0.revoked) && (expired || !$0.isExpired(now: now))
    }
    let page = tokens.dropFirst(offset).prefix(limit).map {
      store.m2mTokenJSON($0, now: now, includeToken: false)
    }
    return ["m2m_tokens": .array(Array(page)), "total_count": .int(Int64(tokens.count))]
  }

  private func revokeToken(
    _ id: String, _ body: JSONValue, caller: Caller, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    try Self.rejectUnknownKeys(body, allowed: ["revocation_reason"])
    let reason = body["revocation_reason"]
    if let reason, reason != .null, reason.stringValue == nil {
      throw .m2mBadRequest("Invalid 'body.revocation_reason': must be a string or null")
    }
    guard var token = store.machineAuth.tokens[id] else {
      throw .m2mNotFound(
        "No M2M token was found with id \(id) (JWT-format tokens are not stored and cannot be "
          + "revoked)")
    }
    if case .machine(let machineID) = caller, machineID != token.subject {
      throw .m2mNotFound("No M2M token with id \(id) is managed by machine \(machineID)")
    }
    if !token.revoked {
      token.revoked = true
      token.revocationReason = reason?.stringValue
      token.updatedAt = now
      store.machineAuth.tokens[id] = token
    }
    return store.m2mTokenJSON(token, now: now, includeToken: false)
  }

  private func verifyToken(
    _ body: JSONValue, caller: Caller, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    try Self.rejectUnknownKeys(body, allowed: ["token", "secret"])
    guard let secret = (body["token"] ?? body["secret"])?.stringValue, !secret.isEmpty else {
      throw .m2mBadRequest("Invalid 'body.token': is required")
    }
    guard var token = store.machineAuth.token(secret: secret) else {
      throw .m2mNotFound("M2M token not found")
    }
    if token.revoked { throw .m2mNotFound("The M2M token \(token.id) has been revoked") }
    if token.isExpired(now: now) { throw .m2mNotFound("The M2M token \(token.id) has expired") }
    if case .machine(let machineID) = caller, !token.scopes.contains(machineID) {
      throw .m2mNotFound(
        "The M2M token \(token.id) was not granted access to machine \(machineID) (it is not "
          + "among the token's scopes)")
    }
    token.lastUsedAt = now
    store.machineAuth.tokens[token.id] = token
    return store.m2mTokenJSON(token, now: now, includeToken: false)
  }

  // MARK: - Request fields

  private static func rejectUnknownKeys(
    _ body: JSONValue, allowed: Set<String>
  ) throws(ClerkAPIFailure) {
    for key in (body.objectValue ?? [:]).keys.sorted() where !allowed.contains(key) {
      throw .m2mBadRequest("Invalid 'body.\(key)': is not a known field")
    }
  }

  /// `token_format`: `opaque` (the default) or `jwt`.
  private static func tokenFormat(_ body: JSONValue) throws(ClerkAPIFailure) -> String {
    guard let value = body["token_format"], value != .null else { return "opaque" }
    guard let format = value.stringValue, format == "opaque" || format == "jwt" else {
      throw .m2mBadRequest("Invalid 'body.token_format': must be one of opaque, jwt")
    }
    return format
  }

  /// `seconds_until_expiration` (> 0), else the machine's default; seconds.
  private static func lifetime(
    _ body: JSONValue, default ttl: Int64
  ) throws(ClerkAPIFailure) -> Double {
    guard let value = body["seconds_until_expiration"], value != .null else { return Double(ttl) }
    guard let seconds = value.doubleValue, seconds.isFinite, seconds > 0,
      seconds <= 315_360_000_0
    else {
      throw .m2mBadRequest("Invalid 'body.seconds_until_expiration': must be a number > 0")
    }
    return seconds
  }

  /// `claims`: an object without Clerk's own claims, or null.
  private static func customClaims(_ body: JSONValue) throws(ClerkAPIFailure) -> JSONValue {
    guard let value = body["claims"], value != .null else { return .null }
    guard let members = value.objectValue else {
      throw .m2mBadRequest("Invalid 'body.claims': must be a JSON object or null")
    }
    if let reserved = members.keys.sorted().first(where: reservedClaims.contains) {
      throw .m2mReservedClaim(reserved)
    }
    return value
  }

  /// `min_remaining_ttl_seconds`: an integer ≥ 0, strictly below the lifetime.
  private static func minimumRemaining(
    _ body: JSONValue, lifetime: Double
  ) throws(ClerkAPIFailure) -> Int64? {
    guard let value = body["min_remaining_ttl_seconds"], value != .null else { return nil }
    guard let minimum = value.intValue, minimum >= 0 else {
      throw .m2mBadRequest("Invalid 'body.min_remaining_ttl_seconds': must be an integer >= 0")
    }
    guard Double(minimum) < lifetime else {
      throw .m2mBadRequest(
        "Invalid 'body.min_remaining_ttl_seconds': must be less than the token's lifetime "
          + "(\(Self.seconds(lifetime)) s); no new token would have that long to live")
    }
    return minimum
  }

  private static func seconds(_ value: Double) -> String {
    value.rounded() == value ? String(Int64(value)) : String(value)
  }

  /// A boolean query flag (`true`/`false`), false when absent.
  private static func flag(_ query: FormData, _ name: String) throws(ClerkAPIFailure) -> Bool {
    guard let text = query.nonEmpty(name)?.lowercased() else { return false }
    switch text {
    case "true", "1": return true
    case "false", "0": return false
    default: throw .m2mBadRequest("Invalid 'query.\(name)': must be true or false")
    }
  }

  /// An integer query parameter within `range`, nil when absent.
  private static func number(
    _ query: FormData, _ name: String, range: ClosedRange<Int>
  ) throws(ClerkAPIFailure) -> Int? {
    guard let text = query.nonEmpty(name) else { return nil }
    guard
      let value = Int(text)
        ?? Double(text).flatMap({ $0.rounded() == $0 ? Int(exactly: $0) : nil }),
      range.contains(value)
    else {
      throw .m2mBadRequest(
        "Invalid 'query.\(name)': must be a whole number from \(range.lowerBound)"
          + (range.upperBound == Int.max ? "" : " to \(range.upperBound)"))
    }
    return value
  }
}
