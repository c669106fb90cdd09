import ClerkctlWire

/// Why no usable Clerk instance URL could be worked out. All are configuration errors.
package enum InstanceError: Error, Equatable, CustomStringConvertible {
  /// Nothing names a Frontend API: no flag, no environment variable, no stored profile.
  case notConfigured
  /// A publishable key was refused; `source` names where it came from, when known.
  case invalidPublishableKey(PublishableKey.Problem, source: String?)
  /// A base URL is not an absolute http(s) URL without query or fragment.
  case invalidURL(source: String, value: String, reason: String)
  /// A base URL uses plain `http://` for a host that is not loopback.
  case insecureURL(source: String, value: String)
  /// A stored credential was about to go to another instance: `profile` signed in on the origin
  /// `bound`, and `source` names the origin `requested`. Nothing was sent.
  case boundElsewhere(profile: String, bound: String, requested: String, source: String)
  /// A Backend API URL from the environment (`source`) names a host other than
  /// `api.clerk.com` or a loopback one: a secret key is not sent there on its say-so.
  case untrustedAPIURL(value: String, source: String)
  /// The loopback instance `origin` that `profile` signed in on answered with a token none of
  /// the keys it served at sign-in signed: another process may listen on its port now. Nothing
  /// of the reply was kept.
  case unverifiedToken(profile: String, origin: String)

  package var description: String {
    switch self {
    case .notConfigured:
      return "no Clerk instance configured: give the publishable key (from the Clerk "
        + "Dashboard, API keys) or set CLERK_PUBLISHABLE_KEY (or CLERK_FAPI_URL)"
    case .invalidPublishableKey(let problem, let source):
      let origin = source.map { " (from \($0))" } ?? ""
      return "publishable key\(origin) \(problem.detail); copy the key from the Clerk "
        + "Dashboard, API keys page"
    case .invalidURL(let source, let value, let reason):
      return "invalid URL '\(value)' from \(source): \(reason)"
    case .insecureURL(let source, let value):
      return "refusing plain http URL '\(value)' from \(source): http is allowed only for "
        + "loopback hosts (127.0.0.0/8, ::1, localhost); use https"
    case .boundElsewhere(let profile, let bound, let requested, let source):
      return "profile '\(profile)' is signed in on \(bound), but \(source) names \(requested); "
        + "a credential is sent only to the instance that issued it, so nothing was sent"
    case .untrustedAPIURL(let value, let source):
      return "\(source) names the Backend API \(value); a secret key from the environment goes "
        + "only to https://api.clerk.com or a loopback host, so nothing was sent"
    case .unverifiedToken(let profile, let origin):
      return "\(origin) answered profile '\(profile)' with a token none of the keys it served "
        + "at sign-in signed (another process may listen on its port since the instance "
        + "stopped), so nothing of the reply was kept; sign in again"
    }
  }
}
