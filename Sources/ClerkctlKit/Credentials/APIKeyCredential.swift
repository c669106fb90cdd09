/// What a profile of kind `api_key` stores: the key (`ak_…`), sent as `Authorization: Bearer`
/// as is, never minted or refreshed, and what the Backend API's verify said about it, when
/// it was asked.
package struct APIKeyCredential: Sendable, Equatable, CustomStringConvertible {
  /// The secret.
  package var key: String
  /// The key's id (`ak_…`), when known.
  package var id: String?
  /// `user_…`, `org_…` or `mch_…`, when known.
  package var subject: String?
  package var scopes: [String]
  package var name: String?

  package init(
    key: String, id: String? = nil, subject: String? = nil, scopes: [String] = [],
    name: String? = nil
  ) {
    self.key = key
    self.id = id
    self.subject = subject
    self.scopes = scopes
    self.name = name
  }

  /// A summary without the key.
  package var description: String {
    "APIKeyCredential(id: \(id ?? "nil"), subject: \(subject ?? "nil"), scopes: \(scopes), "
      + "name: \(name ?? "nil"), key: <redacted>)"
  }
}
