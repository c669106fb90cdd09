/// Why an OAuth sign-in, refresh or call failed. Each case carries the facts; the CLI words
/// the remedy.
package enum OAuthError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The profile holds no OAuth grant (nothing stored, or another kind).
  case notOAuth(profile: String)
  /// The issuer no longer accepts the refresh token (revoked, expired or rotated away), or the
  /// grant has none and its access token expired: a new sign-in with `clientID` is needed.
  case grantEnded(profile: String, clientID: String, detail: String)
  /// The grant has no ID token (it was asked without the `openid` scope).
  case noIDToken(profile: String, clientID: String)
  /// The authorization server answered the redirect with an error (`access_denied`: the user
  /// denied consent).
  case authorizationDenied(error: String, description: String?)
  /// The redirect's `state` is not the one this sign-in sent (a forged or replayed callback).
  case stateMismatch
  /// The redirect names another issuer than the one asked (RFC 9207 `iss`), or discovery
  /// named endpoints on another origin than the instance's.
  case issuerMismatch(expected: String, found: String)
  /// The server refused a request with an OAuth error (`invalid_grant`, `invalid_client`, …).
  case refused(status: Int, error: String, description: String?)
  /// The server does not offer this (no registration or revocation endpoint, dynamic
  /// registration turned off).
  case unsupported(String)
  /// The protected resource's metadata could not be found or read.
  case resourceMetadata(String)

  package var description: String {
    switch self {
    case .notOAuth(let profile):
      return "profile '\(profile)' holds no OAuth sign-in"
    case .grantEnded(let profile, _, let detail):
      return "the OAuth sign-in of profile '\(profile)' ended (\(detail))"
    case .noIDToken(let profile, _):
      return "profile '\(profile)' has no ID token: its sign-in did not ask for the openid scope"
    case .authorizationDenied(let error, let description):
      let detail = description.map { ": \($0)" } ?? ""
      return error == "access_denied"
        ? "sign-in denied: consent was not given\(detail)"
        : "sign-in refused by the authorization server (\(error))\(detail)"
    case .stateMismatch:
      return "the redirect's state is not the one this sign-in sent (a forged or stale redirect)"
    case .issuerMismatch(let expected, let found):
      return "the authorization server answered as \(found), not \(expected); nothing was sent "
        + "to it"
    case .refused(let status, let error, let description):
      return "the authorization server refused (\(error), HTTP \(status))"
        + (description.map { ": \($0)" } ?? "")
    case .unsupported(let what):
      return what
    case .resourceMetadata(let reason):
      return "no OAuth protected-resource metadata: \(reason)"
    }
  }
}
