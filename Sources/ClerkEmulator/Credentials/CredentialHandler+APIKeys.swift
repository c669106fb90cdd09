import ClerkctlCore
import Foundation

/// API keys on both APIs.
///
/// - FAPI (session JWT): create (201, with `secret`) takes `name` (≥ 3 characters, no edge
///   whitespace), `subject` (the user, or an organization the user belongs to; else 403),
///   `type`, `description` (≤ 255) and `seconds_until_expiration` (> 0); no scopes or claims.
///   List needs `subject` (the same rule); PATCH takes `description`; revoke
///   `revocation_reason`. Another subject's key is 404.
/// - BAPI (secret key): create (200, with `secret`) also takes `claims`, `scopes` and
///   `created_by`, and any existing `user_…`, `org_…` or `mch_…` subject; list, get, revoke and
///   verify `{"secret"}` (200 for a valid key, recording `last_used_at`; 404 for an unknown,
///   revoked or expired one).
/// - Unknown body keys are 400; a second valid key with the same name and subject is 409.
///   `expiration` and the other times are milliseconds.
extension CredentialHandler {
  func frontendReply(
    _ endpoint: CredentialEndpoint, _ context: RequestContext, body: JSONValue, caller: Caller,
    store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> (JSONValue, Int) {
    switch endpoint {
    case .frontendListKeys:
      let subject = try Self.subject(context.query["subject"], pattern: ["user", "org"])
      try Self.authorize(subject, caller: caller, store: store)
      return (try list(subject: subject, context.query, store: store, now: now), 200)
    case .frontendCreateKey:
      try Self.rejectUnknownKeys(
        body, allowed: ["type", "name", "description", "subject", "seconds_until_expiration"])
      let subject = try Self.subject(body["subject"]?.stringValue, pattern: ["user", "org"])
      try Self.authorize(subject, caller: caller, store: store)
      let key = try create(
        body, subject: subject, createdBy: caller.userID, store: &store, now: now)
      return (key.json(now: now, includeSecret: true), 201)
    case .frontendUpdateKey:
      try Self.rejectUnknownKeys(body, allowed: ["description"])
      var key = try owned(context.params["apiKeyID"] ?? "", caller: caller, store: store)
      key.description = try Self.description(body)
      key.updatedAt = now
      store.apiKeys.keys[key.id] = key
      return (key.json(now: now), 200)
    case .frontendRevokeKey:
      let key = try owned(context.params["apiKeyID"] ?? "", caller: caller, store: store)
      return (try revoke(key.id, body, store: &store, now: now), 200)
    case .backendListKeys, .backendCreateKey, .backendGetKey, .backendRevokeKey, .backendVerifyKey,
      .createActorToken, .revokeActorToken, .createTestingToken:
      throw .routeNotFound  // Backend API: `backendReply`
    }
  }

  func apiKeyBackendReply(
    _ endpoint: CredentialEndpoint, _ context: RequestContext, body: JSONValue,
    store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> (JSONValue, Int) {
    switch endpoint {
    case .backendListKeys:
      let subject = try Self.subject(context.query["subject"], pattern: Self.backendSubjects)
      return (try list(subject: subject, context.query, store: store, now: now), 200)
    case .backendCreateKey:
      try Self.rejectUnknownKeys(
        body,
        allowed: [
          "type", "name", "description", "subject", "claims", "scopes", "created_by",
          "seconds_until_expiration",
        ])
      let subject = try Self.subject(body["subject"]?.stringValue, pattern: Self.backendSubjects)
      guard Self.exists(subject, store: store) else {
        throw .m2mBadRequest("Invalid 'subject': \(subject) does not exist")
      }
      let createdBy = body["created_by"]?.stringValue
      let key = try create(body, subject: subject, createdBy: createdBy, store: &store, now: now)
      return (key.json(now: now, includeSecret: true), 200)
    case .backendGetKey:
      let id = context.params["apiKeyID"] ?? ""
      guard let key = store.apiKeys.keys[Self.canonicalID(id)] else { throw .apiKeyNotFound() }
      return (key.json(now: now), 200)
    case .backendRevokeKey:
      let id = Self.canonicalID(context.params["apiKeyID"] ?? "")
      guard store.apiKeys.keys[id] != nil else { throw .apiKeyNotFound() }
      return (try revoke(id, body, store: &store, now: now), 200)
    case .backendVerifyKey:
      try Self.rejectUnknownKeys(body, allowed: ["secret"])
      guard let secret = body["secret"]?.stringValue, !secret.isEmpty else {
        throw .m2mBadRequest("Invalid 'secret': it is required")
      }
      guard var key = store.apiKeys.key(secret: secret), key.isValid(now: now),
        Self.exists(key.subject, store: store)
      else { throw .apiKeyNotFound() }
      key.lastUsedAt = now
      store.apiKeys.keys[key.id] = key
      return (key.json(now: now), 200)
    case .frontendListKeys, .frontendCreateKey, .frontendUpdateKey, .frontendRevokeKey,
      .createActorToken, .revokeActorToken, .createTestingToken:
      throw .routeNotFound  // the Frontend API's keys: `frontendReply`; tokens: `backendReply`
    }
  }

  private static let backendSubjects = ["user", "org", "mch", "scim"]

  /// `subject`, which must be `PREFIX_` and 27 word characters for one of `pattern`.
  private static func subject(
    _ value: String?, pattern: [String]
  ) throws(ClerkAPIFailure) -> String {
    guard let value, !value.isEmpty else { throw .m2mBadRequest("Invalid 'subject': required") }
    let parts = value.split(separator: "_", maxSplits: 1)
    guard parts.count == 2, pattern.contains(String(parts[0])), parts[1].count == 27,
      parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else {
      throw .m2mBadRequest(
        "Invalid 'subject': must match ^(\(pattern.joined(separator: "|")))_\\w{27}$")
    }
    return value
  }

  /// The signed-in user may manage the keys of itself and of the organizations it belongs to.
  private static func authorize(
    _ subject: String, caller: Caller, store: Store
  ) throws(ClerkAPIFailure) {
    if subject == caller.userID { return }
    if subject.hasPrefix("org_"),
      store.membership(userID: caller.userID, organizationID: subject) != nil
    {
      return
    }
    throw .apiKeySubjectForbidden(subject)
  }

  /// Whether the subject names a user, organization or machine the instance has (SCIM
  /// connections are not emulated: they always exist).
  private static func exists(_ subject: String, store: Store) -> Bool {
    if subject.hasPrefix("user_") { return store.users[subject] != nil }
    if subject.hasPrefix("org_") { return store.organizations[subject] != nil }
    if subject.hasPrefix("mch_") { return store.machineAuth.machines[subject] != nil }
    return true
  }

  /// Clerk also accepts `api_key_…` for an `ak_…` id in paths.
  private static func canonicalID(_ id: String) -> String {
    id.hasPrefix("api_key_") ? "ak_" + id.dropFirst("api_key_".count) : id
  }

  /// A key of the caller or of one of its organizations.
  private func owned(
    _ id: String, caller: Caller, store: Store
  ) throws(ClerkAPIFailure) -> APIKeyRecord {
    guard let key = store.apiKeys.keys[Self.canonicalID(id)],
      (try? Self.authorize(key.subject, caller: caller, store: store)) != nil
    else { throw .apiKeyNotFound() }
    return key
  }

  private func create(
    _ body: JSONValue, subject: String, createdBy: String?, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> APIKeyRecord {
    guard let name = body["name"]?.stringValue else {
      throw .m2mBadRequest("Invalid 'name': required")
    }
    guard name.count >= 3, name.trimmingCharacters(in: .whitespacesAndNewlines) == name else {
      throw .m2mBadRequest(
        "Invalid 'name': at least 3 characters, with no whitespace at either end")
    }
    let type = body["type"]?.stringValue ?? "api_key"
    guard (3...25).contains(type.count) else {
      throw .m2mBadRequest("Invalid 'type': 3 to 25 characters")
    }
    var expiration: Int64?
    if let seconds = body["seconds_until_expiration"], seconds != .null {
      guard let value = seconds.doubleValue, value > 0 else {
        throw .m2mBadRequest("Invalid 'seconds_until_expiration': must be greater than 0")
      }
      expiration = now + Int64((value * 1000).rounded(.down))
    }
    var scopes: [String] = []
    if let value = body["scopes"], value != .null {
      guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
        throw .m2mBadRequest("Invalid 'scopes': an array of strings")
      }
      scopes = array.compactMap(\.stringValue)
    }
    let keys = store.apiKeys
    let taken = keys.order.lazy.compactMap { keys.keys[$0] }.contains {
      $0.subject == subject && $0.name == name && $0.isValid(now: now)
    }
    if taken { throw .apiKeyNameTaken(name) }
    let key = APIKeyRecord(
      id: "ak_" + random.hex(32), type: type, subject: subject, name: name,
      description: try Self.description(body), claims: body["claims"] ?? .null, scopes: scopes,
      secret: "ak_" + random.base62(40), expiration: expiration, createdBy: createdBy,
      createdAt: now, updatedAt: now)
    store.apiKeys.insert(key)
    return key
  }

  private static func description(_ body: JSONValue) throws(ClerkAPIFailure) -> String? {
    guard let value = body["description"], value != .null else { return nil }
    guard let text = value.stringValue, text.count <= 255 else {
      throw .m2mBadRequest("Invalid 'description': a string of at most 255 characters")
    }
    return text
  }

  private func revoke(
    _ id: String, _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    try Self.rejectUnknownKeys(body, allowed: ["revocation_reason"])
    guard var key = store.apiKeys.keys[id] else { throw .apiKeyNotFound() }
    key.revoked = true
    key.revocationReason = body["revocation_reason"]?.stringValue
    key.updatedAt = now
    store.apiKeys.keys[id] = key
    return key.json(now: now)
  }

  /// `{data, total_count}`: the subject's keys, newest first; revoked and expired ones only
  /// with `include_invalid=true`; `query` matches the name; `limit` 1…100 (10), `offset`.
  private func list(
    subject: String, _ query: FormData, store: Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    let includeInvalid = query["include_invalid"] == "true"
    let type = query["type"] ?? "api_key"
    let text = query["query"]?.lowercased()
    // `number`s in the spec: Python's SDK sends `limit=10.0`.
    let limit = query["limit"].map { Double($0).map { Int(exactly: $0) } ?? nil } ?? 10
    let offset = query["offset"].map { Double($0).map { Int(exactly: $0) } ?? nil } ?? 0
    guard let limit, (1...100).contains(limit) else {
      throw .m2mBadRequest("Invalid 'limit': between 1 and 100")
    }
    guard let offset, offset >= 0 else { throw .m2mBadRequest("Invalid 'offset': at least 0") }
    let matching = store.apiKeys.order.reversed().compactMap { store.apiKeys.keys[$0] }.filter {
      $0.subject == subject && $0.type == type && (includeInvalid || $0.isValid(now: now))
        && (text == nil || $0.name.lowercased().contains(text ?? ""))
    }
    return [
      "data": .array(matching.dropFirst(offset).prefix(limit).map { $0.json(now: now) }),
      "total_count": .int(Int64(matching.count)),
    ]
  }

  static func rejectUnknownKeys(
    _ body: JSONValue, allowed: Set<String>
  ) throws(ClerkAPIFailure) {
    if let unknown = body.objectValue?.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw .m2mBadRequest("Invalid '\(unknown)': unknown parameter")
    }
  }
}
