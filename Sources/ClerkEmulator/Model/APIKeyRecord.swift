import ClerkctlCore
import Foundation

/// An API key (`ak_…` id, a distinct `ak_…` secret) a user or organization created through the
/// Frontend API, or a backend through the Backend API. Times in milliseconds.
struct APIKeyRecord: Sendable {
  /// `ak_` and 32 hex digits (Clerk's id pattern).
  var id: String
  /// `api_key` unless the creator named another type.
  var type: String
  /// `user_…`, `org_…` or `mch_…`.
  var subject: String
  var name: String
  var description: String?
  /// The custom claims (Backend API only; `null` when none).
  var claims: JSONValue
  /// The scopes (Backend API only).
  var scopes: [String]
  /// The secret the bearer presents; returned once, at creation.
  var secret: String
  var revoked = false
  var revocationReason: String?
  /// When it expires; `nil` for never (Clerk's default).
  var expiration: Int64?
  var createdBy: String?
  var lastUsedAt: Int64?
  var createdAt: Int64
  var updatedAt: Int64

  /// Whether it has expired at `now`.
  func isExpired(now: Int64) -> Bool { expiration.map { now >= $0 } ?? false }

  /// Whether a bearer may still use it at `now`.
  func isValid(now: Int64) -> Bool { !revoked && !isExpired(now: now) }

  /// Clerk's `APIKey` object; `secret` only at creation.
  func json(now: Int64, includeSecret: Bool = false) -> JSONValue {
    var json: [String: JSONValue] = [
      "object": "api_key", "id": .string(id), "type": .string(type), "subject": .string(subject),
      "name": .string(name), "description": description.map(JSONValue.string) ?? .null,
      "claims": claims, "scopes": .array(scopes.map(JSONValue.string)),
      "revoked": .bool(revoked),
      "revocation_reason": revocationReason.map(JSONValue.string) ?? .null,
      "expired": .bool(isExpired(now: now)), "expiration": expiration.map(JSONValue.int) ?? .null,
      "created_by": createdBy.map(JSONValue.string) ?? .null,
      "last_used_at": lastUsedAt.map(JSONValue.int) ?? .null,
      "created_at": .int(createdAt), "updated_at": .int(updatedAt),
    ]
    if includeSecret { json["secret"] = .string(secret) }
    return .object(json)
  }
}
