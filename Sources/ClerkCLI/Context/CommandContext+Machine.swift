import ClerkctlCore
import ClerkctlKit

/// What commands need for machine profiles: the profile's kind, and the machine account bound
/// to the Backend API named by `--api-url` or `CLERK_API_URL` when one is named.
extension CommandContext {
  /// The kind of credential the selected profile (or `profile`) holds; `user` when nothing
  /// readable is stored (the user path then reports why).
  package func profileKind(profile: String? = nil) -> ProfileKind {
    guard let store = try? profileStore(), let name = try? profile ?? profileName(),
      let credential = try? store.load(profile: name)
    else { return .user }
    return credential.kind
  }

  /// The Backend API named by configuration, `nil` when neither `--api-url` nor
  /// `CLERK_API_URL` is given.
  package func apiOverride() throws -> InstanceOverride? {
    if globals.apiURL == nil, nonEmpty("CLERK_API_URL") == nil { return nil }
    let source = globals.apiURL != nil ? "--api-url" : "CLERK_API_URL"
    return try InstanceOverride(url: try apiURL(), source: source)
  }

  /// The machine account of the selected profile (or `profile`).
  package func machineAccount(profile: String? = nil) throws -> MachineAccount {
    var account = MachineAccount(
      profile: try profile ?? profileName(), store: try profileStore(), http: httpClient(),
      clock: clock)
    account.requestTimeout = try requestTimeout()
    account.instance = try apiOverride()
    return account
  }
}
