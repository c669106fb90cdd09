/// What kind of credential a profile holds (the file's `"kind"`; absent means `user`).
package enum ProfileKind: String, Sendable {
  /// A Clerk client token from a sign-in (Frontend API).
  case user
  /// A machine secret key (Backend API), which mints M2M tokens.
  case machine
  /// An API key, used as it is.
  case apiKey = "api_key"
  /// An OAuth refresh token.
  case oauth
}
