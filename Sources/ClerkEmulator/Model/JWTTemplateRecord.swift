import ClerkctlCore
import Foundation

/// A JWT template (`jtmp_…`): claims with shortcodes, lifetime and allowed clock skew (seconds).
struct JWTTemplateRecord: Sendable {
  var id: String
  var name: String
  var claims: JSONValue
  var lifetime: Int64
  var allowedClockSkew: Int64
  var createdAt: Int64
  var updatedAt: Int64
}
