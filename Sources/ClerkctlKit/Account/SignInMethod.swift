/// How a sign-in starts.
package enum SignInMethod: Sendable, Equatable {
  /// Identifier and password in one request.
  case password(identifier: String)
  /// Identifier first, then whichever first factor Clerk offers (password before email code).
  case identifierFirst(identifier: String)
  /// A code mailed by Clerk to the identifier.
  case emailCode(identifier: String)
  /// A code Clerk texts to the identifier's phone number (the identifier is the number, or
  /// another identifier of a user who has one).
  case phoneCode(identifier: String)
  /// A sign-in token (ticket) made with the Backend API.
  case ticket
}
