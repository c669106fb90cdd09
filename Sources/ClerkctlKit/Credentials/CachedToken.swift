/// A JWT minted for a session (from a template or the default session token), kept for reuse.
package struct CachedToken: Sendable, Equatable, CustomStringConvertible {
  /// The JWT.
  package var jwt: String
  /// The JWT template it was minted from; `nil` for the session token.
  package var template: String?
  /// When it was issued, epoch seconds (server time).
  package var issuedAt: Int64
  /// When it expires, epoch seconds (server time).
  package var expiresAt: Int64
  /// The origin of the instance that minted it (`InstanceOrigin.description`); a token is served
  /// from the cache only to its own instance. `nil` in files written before this was recorded:
  /// such a token is never served (it is minted again).
  package var instance: String?

  package init(
    jwt: String, template: String?, issuedAt: Int64, expiresAt: Int64, instance: String? = nil
  ) {
    self.jwt = jwt
    self.template = template
    self.issuedAt = issuedAt
    self.expiresAt = expiresAt
    self.instance = instance
  }

  /// The key of a token in `ProfileCredential.tokens`: `<session_id>|<template or empty>`.
  package static func cacheKey(sessionID: String, template: String?) -> String {
    sessionID + "|" + (template ?? "")
  }

  /// A summary without the JWT.
  package var description: String {
    "CachedToken(template: \(template ?? "nil"), issuedAt: \(issuedAt), "
      + "expiresAt: \(expiresAt), jwt: <redacted>)"
  }
}
