import ClerkctlCore

extension APIKeyCredential {
  /// `{"key", "id", "subject", "scopes", "name"}`, stored under the credential's `"api_key"`.
  package var jsonValue: JSONValue {
    [
      "key": .string(key), "id": id.map(JSONValue.string) ?? .null,
      "subject": subject.map(JSONValue.string) ?? .null,
      "scopes": .array(scopes.map(JSONValue.string)), "name": name.map(JSONValue.string) ?? .null,
    ]
  }

  /// Reads the `"api_key"` member; `nil` when it has no key.
  package init?(json: JSONValue) {
    guard let key = json["key"]?.stringValue, !key.isEmpty else { return nil }
    self.init(
      key: key, id: json["id"]?.stringValue, subject: json["subject"]?.stringValue,
      scopes: json["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? [],
      name: json["name"]?.stringValue)
  }
}
