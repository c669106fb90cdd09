import ClerkctlCore

/// An API key as Clerk describes it (both APIs' `APIKey`): never the secret, except right
/// after creation (``secret``).
package struct APIKey: Sendable, Equatable {
  package var id: String
  package var name: String
  /// `user_…`, `org_…` or `mch_…`.
  package var subject: String
  package var description: String?
  package var scopes: [String]
  /// The custom claims (`null` when none).
  package var claims: JSONValue
  package var revoked: Bool
  package var expired: Bool
  /// When it expires, epoch seconds; `nil` for never.
  package var expiresAt: Int64?
  /// When it was created, epoch seconds.
  package var createdAt: Int64?
  /// The secret (`ak_…`): only in a create's reply.
  package var secret: String?

  /// Reads Clerk's `APIKey` object; `nil` without an `id`. Times are decoded by magnitude
  /// (Clerk's spec says milliseconds, its examples are seconds).
  package init?(json: JSONValue) {
    guard let id = json["id"]?.stringValue else { return nil }
    self.id = id
    name = json["name"]?.stringValue ?? ""
    subject = json["subject"]?.stringValue ?? ""
    description = json["description"]?.stringValue
    scopes = json["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? []
    claims = json["claims"] ?? .null
    revoked = json["revoked"]?.boolValue ?? false
    expired = json["expired"]?.boolValue ?? false
    expiresAt = json["expiration"]?.intValue.map(Self.seconds)
    createdAt = json["created_at"]?.intValue.map(Self.seconds)
    secret = json["secret"]?.stringValue
  }

  /// Epoch seconds from a time Clerk gave in seconds or milliseconds.
  static func seconds(_ value: Int64) -> Int64 { value > 100_000_000_000 ? value / 1000 : value }

  /// `{id, name, subject, description, scopes, claims, revoked, expired, expires_at,
  /// created_at}`: what a listing shows (never the secret).
  package var json: JSONValue {
    [
      "id": .string(id), "name": .string(name), "subject": .string(subject),
      "description": description.map(JSONValue.string) ?? .null,
      "scopes": .array(scopes.map(JSONValue.string)), "claims": claims, "revoked": .bool(revoked),
      "expired": .bool(expired), "expires_at": expiresAt.map(JSONValue.int) ?? .null,
      "created_at": createdAt.map(JSONValue.int) ?? .null,
    ]
  }
}
