import FoundationEssentials

/// A Clerk API key (`ak_…`) of the signed-in user or its active organization. `secret` is set
/// only on the value `ClerkAuthProvider.createApiKey` returns: Clerk shows it once.
public struct ClerkApiKey: Sendable, Equatable {
  public var id: String
  public var name: String
  /// `user_…` or `org_…`.
  public var subject: String
  public var scopes: [String]
  public var isRevoked: Bool
  public var isExpired: Bool
  /// When it expires; `nil` for never.
  public var expiresAt: Date?
  /// The secret to hand to a script or CI: only right after creation.
  public var secret: String?

  init(_ key: APIKey) {
    id = key.id
    name = key.name
    subject = key.subject
    scopes = key.scopes
    isRevoked = key.revoked
    isExpired = key.expired
    expiresAt = key.expiresAt.map { Date(timeIntervalSince1970: Double($0)) }
    secret = key.secret
  }
}
