/// An M2M token a machine created, kept for reuse.
package struct MachineToken: Sendable, Equatable, CustomStringConvertible {
  /// `opaque` (`mt_…`) or `jwt`.
  package enum Format: String, Sendable, CaseIterable {
    case opaque, jwt
  }

  /// The token itself.
  package var token: String
  package var format: Format
  /// The token's id (`mt_…`).
  package var id: String
  /// The machine that created it (`mch_…`).
  package var subject: String
  /// The machines it may call.
  package var scopes: [String]
  /// When it was created, epoch seconds (server time).
  package var createdAt: Int64
  /// When it expires, epoch seconds (server time).
  package var expiresAt: Int64
  /// The origin of the Backend API that made it; a token is served only to its own instance.
  package var instance: String

  package init(
    token: String, format: Format, id: String, subject: String, scopes: [String],
    createdAt: Int64, expiresAt: Int64, instance: String
  ) {
    self.token = token
    self.format = format
    self.id = id
    self.subject = subject
    self.scopes = scopes
    self.createdAt = createdAt
    self.expiresAt = expiresAt
    self.instance = instance
  }

  /// A summary without the token.
  package var description: String {
    "MachineToken(id: \(id), format: \(format.rawValue), subject: \(subject), "
      + "expiresAt: \(expiresAt), token: <redacted>)"
  }
}
