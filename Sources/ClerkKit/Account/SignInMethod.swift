/// How a sign-in starts.
package enum SignInMethod: Sendable, Equatable {
  /// Identifier and password in one request.
  case password(identifier: String)
  /// Identifier first, then whichever first factor Clerk offers (password before email code).
  case identifierFirst(identifier: String)
  /// A code mailed by Clerk to the identifier.
  case emailCode(identifier: String)
  /// A sign-in token (ticket) made with the Backend API.
  case ticket
}
