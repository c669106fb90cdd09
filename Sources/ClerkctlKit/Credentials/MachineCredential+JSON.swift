import ClerkctlCore

extension MachineCredential {
  /// The `"machine"` member of the credential document.
  package var jsonValue: JSONValue {
    var cache: [String: JSONValue] = [:]
    for (key, token) in tokens {
      cache[key] = [
        "token": .string(token.token), "token_format": .string(token.format.rawValue),
        "id": .string(token.id), "subject": .string(token.subject),
        "scopes": .array(token.scopes.map(JSONValue.string)),
        "created_at": .int(token.createdAt), "expires_at": .int(token.expiresAt),
        "instance": .string(token.instance),
      ]
    }
    return [
      "secret_key": .string(secretKey), "api_url": .string(apiURL),
      "machine_id": machineID.map(JSONValue.string) ?? .null,
      "scopes": .array(scopes.map(JSONValue.string)), "tokens": .object(cache),
    ]
  }

  /// Reads the `"machine"` member.
  ///
  /// - Throws: `CredentialStoreError.corrupt` when it is not well formed.
  package init(json: JSONValue, path: String) throws(CredentialStoreError) {
    func corrupt(_ reason: String) -> CredentialStoreError {
      .corrupt(path: path, reason: "'machine' \(reason)")
    }
    guard let object = json.objectValue else { throw corrupt("is not an object") }
    guard let secret = object["secret_key"]?.stringValue, !secret.isEmpty else {
      throw corrupt("has no 'secret_key'")
    }
    guard let apiURL = object["api_url"]?.stringValue, !apiURL.isEmpty else {
      throw corrupt("has no 'api_url'")
    }
    var tokens: [String: MachineToken] = [:]
    for (key, value) in object["tokens"]?.objectValue ?? [:] {
      guard let token = value["token"]?.stringValue,
        let format = value["token_format"]?.stringValue.flatMap(MachineToken.Format.init),
        let id = value["id"]?.stringValue, let subject = value["subject"]?.stringValue,
        let createdAt = value["created_at"]?.intValue,
        let expiresAt = value["expires_at"]?.intValue,
        let instance = value["instance"]?.stringValue
      else { throw corrupt("token '\(key)' is not well formed") }
      tokens[key] = MachineToken(
        token: token, format: format, id: id, subject: subject,
        scopes: value["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? [],
        createdAt: createdAt, expiresAt: expiresAt, instance: instance)
    }
    self.init(
      secretKey: secret, apiURL: apiURL, machineID: object["machine_id"]?.stringValue,
      scopes: object["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? [], tokens: tokens)
  }
}
