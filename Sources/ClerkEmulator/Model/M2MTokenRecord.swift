import ClerkctlCore
import Foundation

/// A stored (opaque, `mt_…`) machine-to-machine token. JWT-format tokens are stateless, as at
/// Clerk: they are signed and handed out, never stored, so they cannot be listed or revoked.
/// Times in milliseconds.
struct M2MTokenRecord: Sendable {
  /// `mt_` and 32 hex digits (Clerk's id pattern).
  var id: String
  /// The machine that created it (`mch_…`).
  var subject: String
  /// The secret the bearer presents (`mt_…`, distinct from the id).
  var token: String
  /// The custom claims given at creation (`null` when none).
  var claims: JSONValue
  /// The subject's scopes when the token was created (later scope changes do not apply).
  var scopes: [String]
  var revoked = false
  var revocationReason: String?
  var expiration: Int64
  var lastUsedAt: Int64?
  var createdAt: Int64
  var updatedAt: Int64

  /// Whether the token has expired at `now`.
  func isExpired(now: Int64) -> Bool { now >= expiration }
}
