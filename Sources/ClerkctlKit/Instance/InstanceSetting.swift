/// One place a Frontend API instance can be named: a base URL or a publishable key, with the
/// name of where it came from (a flag, an argument, an environment variable) for messages.
package struct InstanceSetting: Sendable, Equatable {
  /// What the value is.
  package enum Kind: Sendable, Equatable {
    /// A Frontend API base URL.
    case frontendAPIURL
    /// A `pk_test_…`/`pk_live_…` key; its host is the instance.
    case publishableKey
  }

  package let kind: Kind
  package let value: String
  /// Where it came from, named in messages (`CLERK_FAPI_URL`, …).
  package let source: String

  package init(_ kind: Kind, value: String, source: String) {
    self.kind = kind
    self.value = value
    self.source = source
  }

  /// A setting for `value` when it is given and not empty.
  package static func given(_ kind: Kind, _ value: String?, source: String) -> InstanceSetting? {
    guard let value, !value.isEmpty else { return nil }
    return InstanceSetting(kind, value: value, source: source)
  }

  /// `CLERK_FAPI_URL` then `CLERK_PUBLISHABLE_KEY` from `environment`, the empty ones left out.
  package static func fromEnvironment(_ environment: [String: String]) -> [InstanceSetting] {
    [
      given(.frontendAPIURL, environment["CLERK_FAPI_URL"], source: "CLERK_FAPI_URL"),
      given(.publishableKey, environment["CLERK_PUBLISHABLE_KEY"], source: "CLERK_PUBLISHABLE_KEY"),
    ].compactMap { $0 }
  }
}
