import ClerkctlCore
import ClerkctlHTTP
import ClerkctlWire
import FoundationEssentials

/// Works out the Frontend API and Backend API base URLs from flags, environment and the profile.
package enum InstanceResolver {
  /// The Backend API base used when nothing overrides it.
  package static let defaultAPIURL = "https://api.clerk.com"

  /// The Frontend API base URL and where it came from.
  package struct Resolution: Sendable, Equatable {
    /// The base URL, without a trailing `/`.
    package let url: String
    /// Where it came from: the setting's source (`CLERK_FAPI_URL`, `CLERK_PUBLISHABLE_KEY`, or
    /// what the caller named its own) or `profile`.
    package let source: String
  }

  /// The instance settings in precedence order: `frontendAPIURL` (the caller's own setting,
  /// e.g. a command-line option) > `CLERK_FAPI_URL` > `publishableKey` (the caller's) >
  /// `CLERK_PUBLISHABLE_KEY`, the empty environment variables left out. The caller names the
  /// source of its own settings, for messages.
  package static func settings(
    frontendAPIURL: InstanceSetting?, publishableKey: InstanceSetting?,
    environment: [String: String]
  ) -> [InstanceSetting] {
    let fromEnvironment = InstanceSetting.fromEnvironment(environment)
    return [
      frontendAPIURL,
      fromEnvironment.first { $0.kind == .frontendAPIURL },
      publishableKey,
      fromEnvironment.first { $0.kind == .publishableKey },
    ].compactMap { $0 }
  }

  /// The instance the first of `settings` names (validated), else the one stored.
  ///
  /// - Throws: `InstanceError` when the winning value is invalid, or `.notConfigured`.
  package static func resolveWithSource(
    settings: [InstanceSetting], stored: String?
  ) throws(InstanceError) -> Resolution {
    if let named = try override(from: settings) {
      return Resolution(url: named.url, source: named.source)
    }
    if let stored = nonEmpty(stored) {
      return Resolution(url: try validateURL(stored, source: "the profile"), source: "profile")
    }
    throw .notConfigured
  }

  /// The instance configuration names, ahead of any stored profile: the first of `settings`,
  /// validated; `nil` when `settings` is empty (use what the profile stored). The one resolver of
  /// instance overrides, shared by the command line and the library; its result carries the
  /// binding check for stored credentials (`InstanceOverride.requireBinding(of:)`).
  ///
  /// - Throws: `InstanceError` when the first setting is not a valid URL or key.
  package static func override(
    from settings: [InstanceSetting]
  ) throws(InstanceError) -> InstanceOverride? {
    guard let first = settings.first else { return nil }
    switch first.kind {
    case .frontendAPIURL:
      return try InstanceOverride(
        url: try validateURL(first.value, source: first.source), source: first.source)
    case .publishableKey:
      return try InstanceOverride(
        url: try keyURL(first.value, source: first.source), source: first.source)
    }
  }

  /// The Backend API base URL: `given` (the caller's own setting, named `source` in errors) >
  /// `CLERK_API_URL` > `https://api.clerk.com` (without `/v1`: callers append the version path).
  ///
  /// - Throws: `InstanceError` when the value is invalid.
  package static func resolveAPIURL(
    _ given: String?, source: String, environment: [String: String]
  ) throws(InstanceError) -> String {
    if let given { return try validateURL(given, source: source) }
    if let value = nonEmpty(environment["CLERK_API_URL"]) {
      let url = try validateURL(value, source: "CLERK_API_URL")
      // The environment may be a `.env` file: it names the Backend API a secret key is sent to
      // only when that is Clerk's own or this machine.
      let host = (URLParts.host(of: url) ?? "").lowercased()
      guard host == "api.clerk.com" || LoopbackHost.isLoopback(host) else {
        throw .untrustedAPIURL(value: url, source: "CLERK_API_URL")
      }
      return url
    }
    return defaultAPIURL
  }

  /// Checks a base URL: absolute `http`/`https`, a host, no credentials, query or fragment,
  /// and `http` only for loopback hosts.
  ///
  /// - Parameters:
  ///   - value: the URL.
  ///   - source: the flag or variable it came from, named in errors.
  /// - Returns: the URL with surrounding whitespace and trailing `/` removed.
  /// - Throws: `InstanceError.invalidURL` or `.insecureURL`.
  package static func validateURL(
    _ value: String, source: String
  ) throws(InstanceError)
    -> String
  {
    var url = value.trimmingWhitespace()
    func invalid(_ reason: String) -> InstanceError {
      .invalidURL(source: source, value: value, reason: reason)
    }
    guard let components = AbsoluteURL(url) else {
      throw invalid("not an absolute URL (expected https://HOST)")
    }
    let lowerScheme = components.scheme.lowercased()
    guard lowerScheme == "https" || lowerScheme == "http" else {
      throw invalid("the scheme must be https (or http for loopback hosts)")
    }
    let host = components.host
    guard !host.isEmpty else { throw invalid("it has no host") }
    guard components.userInfo == nil else {
      throw invalid("it must not contain a user name or password")
    }
    guard components.query == nil else { throw invalid("it must not have a query (?…)") }
    guard components.fragment == nil else { throw invalid("it must not have a fragment (#…)") }
    if lowerScheme == "http", !isLoopbackHost(host) {
      throw .insecureURL(source: source, value: value)
    }
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }

  /// Whether `host` is `localhost`, `::1` or in 127.0.0.0/8 (brackets around IPv6 allowed).
  package static func isLoopbackHost(_ host: String) -> Bool {
    LoopbackHost.isLoopback(host)
  }

  private static func keyURL(_ key: String, source: String) throws(InstanceError) -> String {
    do {
      return try PublishableKey(key).frontendAPIURL
    } catch {
      throw .invalidPublishableKey(error, source: source)
    }
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }
}
