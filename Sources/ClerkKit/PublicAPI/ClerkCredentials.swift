/// What a successful `ClerkAuthProvider` login gives: who signed in and a JWT for the backend
/// (from the provider's JWT template, `convex` by default).
public struct ClerkCredentials: Sendable, Equatable, CustomStringConvertible {
  /// The Clerk user id (`user_…`), the token's `sub`.
  public let userId: String
  /// The JWT to send as `Authorization: Bearer …`.
  public let idToken: String

  /// Credentials for `userId` carrying `idToken`.
  public init(userId: String, idToken: String) {
    self.userId = userId
    self.idToken = idToken
  }

  /// A summary without the token.
  public var description: String {
    "ClerkCredentials(userId: \(userId), idToken: <redacted>)"
  }
}
