/// What a profile holds: a user's sign-in (a Clerk client token), a machine's secret key, an
/// API key sent as is, or an OAuth grant. Stored as the credential file's `"kind"` (absent:
/// `user`, so older files read unchanged).
package enum ProfileKind: String, Sendable {
  case user
  case machine
  case apiKey = "api_key"
  case oauth
}
