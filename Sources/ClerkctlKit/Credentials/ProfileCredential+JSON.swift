import ClerkctlCore

extension ProfileCredential {
  /// The versioned JSON document stored on disk.
  package var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "version": .int(Self.formatVersion),
      "profile": .string(profile),
      "fapi_url": .string(fapiURL),
      "client_token": .string(clientToken),
      "session_id": sessionID.map(JSONValue.string) ?? .null,
      "user_id": userID.map(JSONValue.string) ?? .null,
      "email": email.map(JSONValue.string) ?? .null,
      "identifier": identifier.map(JSONValue.string) ?? .null,
      "signed_in_at": .int(signedInAt),
      "clock_skew": .double(clockSkew),
    ]
    var cache: [String: JSONValue] = [:]
    for (key, token) in tokens {
      cache[key] = [
        "jwt": .string(token.jwt),
        "template": token.template.map(JSONValue.string) ?? .null,
        "issued_at": .int(token.issuedAt),
        "expires_at": .int(token.expiresAt),
        "instance": token.instance.map(JSONValue.string) ?? .null,
      ]
    }
    members["tokens"] = .object(cache)
    if kind != .user { members["kind"] = .string(kind.rawValue) }
    if let machine { members["machine"] = machine.jsonValue }
    if let apiKey { members["api_key"] = apiKey.jsonValue }
    if let oauth { members["oauth"] = oauth.jsonValue }
    if let impersonation { members["impersonation"] = impersonation.jsonValue }
    if let extraTrustAnchor { members["extra_ca_sha256"] = .string(extraTrustAnchor) }
    if let convexOrigin { members["convex_origin"] = .string(convexOrigin) }
    if let instanceKeys { members["instance_keys"] = .array(instanceKeys) }
    // Absent: not known; null: the personal account.
    switch activeOrganization {
    case .unknown: break
    case .personal: members["active_organization_id"] = .null
    case .organization(let id): members["active_organization_id"] = .string(id)
    }
    return .object(members)
  }

  /// Reads a credential document.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - path: the file, named in errors.
  /// - Throws: `CredentialStoreError.unsupportedVersion` for another format version,
  ///   `.corrupt` for anything else that is not a well-formed version 1 document.
  package init(parsing bytes: [UInt8], path: String) throws(CredentialStoreError) {
    let document: JSONValue
    do {
      document = try JSONValue(parsing: bytes)
    } catch {
      throw .corrupt(path: path, reason: error.description)
    }
    let reader = FieldReader(path: path, object: document.objectValue, context: "document")
    guard document.objectValue != nil else {
      throw .corrupt(path: path, reason: "the document is not a JSON object")
    }
    let version = try reader.int("version")
    guard version == Self.formatVersion else {
      throw .unsupportedVersion(path: path, version: version)
    }
    let profile = try reader.string("profile")
    let fapiURL = try reader.string("fapi_url")
    let clientToken = try reader.string("client_token")
    let sessionID = try reader.optionalString("session_id")
    let userID = try reader.optionalString("user_id")
    let email = try reader.optionalString("email")
    let identifier = try reader.optionalString("identifier")
    let signedInAt = try reader.int("signed_in_at")
    let clockSkew = try reader.optionalDouble("clock_skew") ?? 0
    var tokens: [String: CachedToken] = [:]
    for (key, value) in try reader.optionalObject("tokens") ?? [:] {
      let token = FieldReader(path: path, object: value.objectValue, context: "token '\(key)'")
      guard value.objectValue != nil else {
        throw .corrupt(path: path, reason: "token '\(key)' is not an object")
      }
      tokens[key] = CachedToken(
        jwt: try token.string("jwt"), template: try token.optionalString("template"),
        issuedAt: try token.int("issued_at"), expiresAt: try token.int("expires_at"),
        instance: try token.optionalString("instance"))
    }
    _ = try reader.optionalString("active_organization_id")  // a string or null, when present
    let kindName = try reader.optionalString("kind") ?? ProfileKind.user.rawValue
    guard let kind = ProfileKind(rawValue: kindName) else {
      throw .corrupt(path: path, reason: "unknown kind '\(kindName)'")
    }
    let apiKey = try reader.optionalObject("api_key").flatMap {
      APIKeyCredential(json: .object($0))
    }
    if kind == .apiKey, apiKey == nil {
      throw .corrupt(path: path, reason: "a profile of kind api_key has no 'api_key.key'")
    }
    let impersonation = try reader.optionalObject("impersonation").flatMap {
      Impersonation(json: .object($0))
    }
    self.init(
      profile: profile, fapiURL: fapiURL, clientToken: clientToken, sessionID: sessionID,
      userID: userID, email: email, signedInAt: signedInAt, clockSkew: clockSkew,
      tokens: tokens,
      activeOrganization: ActiveOrganization(
        member: document.objectValue?["active_organization_id"]),
      identifier: identifier)
    self.kind = kind
    if kind == .machine {
      guard let member = document.objectValue?["machine"] else {
        throw .corrupt(path: path, reason: "a machine profile has no 'machine'")
      }
      machine = try MachineCredential(json: member, path: path)
    }
    if kind == .oauth {
      guard let member = document.objectValue?["oauth"] else {
        throw .corrupt(path: path, reason: "an OAuth profile has no 'oauth'")
      }
      oauth = try OAuthCredential(json: member, path: path)
    }
    self.apiKey = apiKey
    self.impersonation = impersonation
    self.extraTrustAnchor = try reader.optionalString("extra_ca_sha256")
    self.convexOrigin = try reader.optionalString("convex_origin")
    switch document.objectValue?["instance_keys"] {
    case nil, .null?: break
    case .array(let keys)?: self.instanceKeys = keys
    default: throw .corrupt(path: path, reason: "'instance_keys' is not an array")
    }
  }
}

/// Typed access to a JSON object's members that reports the first problem as `.corrupt`.
private struct FieldReader {
  let path: String
  let object: [String: JSONValue]?
  let context: String

  func string(_ key: String) throws(CredentialStoreError) -> String {
    guard let value = try optionalString(key) else { throw missing(key) }
    return value
  }

  func optionalString(_ key: String) throws(CredentialStoreError) -> String? {
    guard let value = member(key) else { return nil }
    guard let text = value.stringValue else { throw wrongType(key, "a string") }
    return text
  }

  func int(_ key: String) throws(CredentialStoreError) -> Int64 {
    guard let value = member(key) else { throw missing(key) }
    guard let number = value.intValue else { throw wrongType(key, "an integer") }
    return number
  }

  func optionalDouble(_ key: String) throws(CredentialStoreError) -> Double? {
    guard let value = member(key) else { return nil }
    guard let number = value.doubleValue, number.isFinite else {
      throw wrongType(key, "a number")
    }
    return number
  }

  func optionalObject(_ key: String) throws(CredentialStoreError) -> [String: JSONValue]? {
    guard let value = member(key) else { return nil }
    guard let members = value.objectValue else { throw wrongType(key, "an object") }
    return members
  }

  /// The member, with `null` treated as absent.
  private func member(_ key: String) -> JSONValue? {
    guard let value = object?[key], !value.isNull else { return nil }
    return value
  }

  private func missing(_ key: String) -> CredentialStoreError {
    .corrupt(path: path, reason: "\(context) has no '\(key)'")
  }

  private func wrongType(_ key: String, _ expected: String) -> CredentialStoreError {
    .corrupt(path: path, reason: "'\(key)' in \(context) is not \(expected)")
  }
}
