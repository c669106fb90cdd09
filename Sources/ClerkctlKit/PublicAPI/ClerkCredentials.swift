/// What a successful `ClerkAuthProvider` login gives: who signed in and a JWT for the backend
/// (from the provider's JWT template, `convex` by default).
public struct ClerkCredentials: Sendable, Equatable, CustomStringConvertible {
  /// The Clerk user id (`user_…`), the token's `sub`.
  public let userId: String
  /// The JWT to send as `Authorization: Bearer …`.
  public let idToken: String
  /// The session's active organization (`org_…`) as Clerk last reported it; `nil` for none
  /// (the personal account) or when Clerk has not said.
  public let organizationId: String?

  /// Credentials for `userId` carrying `idToken`, minted while `organizationId` was active.
  public init(userId: String, idToken: String, organizationId: String? = nil) {
    self.userId = userId
    self.idToken = idToken
    self.organizationId = organizationId
  }

  /// A summary without the token.
  public var description: String {
    "ClerkCredentials(userId: \(userId), organizationId: \(organizationId ?? "nil"), "
      + "idToken: <redacted>)"
  }
}
