import ClerkctlCommandLine
import ClerkctlKeyring
import ClerkctlKit

/// Where a sign-in keeps its long-lived secret: `--store` > `CLERKCTL_STORE` > the profile's
/// `store` config > where the profile keeps it > the file. Later commands follow the profile's
/// file and need none of them.
extension CommandContext {
  /// Where the store a sign-in uses came from.
  package enum StoreSource: String, Sendable {
    case flag, environment, config, profile
    case builtIn = "default"

    /// In words, for `status` and `doctor`: `from --store`, `the profile's config`, ….
    package var words: String {
      switch self {
      case .flag: "from --store"
      case .environment: "from CLERKCTL_STORE"
      case .config: "from the profile's 'store' config"
      case .profile: "where the profile keeps it"
      case .builtIn: "the default"
      }
    }
  }

  /// `CLERKCTL_STORE`, when set.
  ///
  /// - Throws: `UsageError` for a value other than `file` or `keyring`.
  package func storeFromEnvironment() throws -> SecretLocation? {
    guard let text = nonEmpty("CLERKCTL_STORE") else { return nil }
    guard let location = SecretLocation(rawValue: text) else {
      throw UsageError("CLERKCTL_STORE must be file or keyring, got '\(text)'")
    }
    return location
  }

  /// The store a sign-in of `profile` would keep its secret in now, and why; the location is
  /// `nil` when only the profile's own (or the default) decides, so a save keeps what it has.
  ///
  /// - Throws: `UsageError` for a bad `CLERKCTL_STORE`.
  package func signInStore(
    profile: String
  ) throws -> (location: SecretLocation, requested: SecretLocation?, source: StoreSource) {
    if let flag = globals.store { return (flag, flag, .flag) }
    if let environment = try storeFromEnvironment() {
      return (environment, environment, .environment)
    }
    if let text = (try? ProfileConfig.settings(self, profile: profile))?[
      ProfileConfig.Key.store.rawValue], let configured = SecretLocation(rawValue: text)
    {
      return (configured, configured, .config)
    }
    if let stored = try? profileStore().secretLocation(profile: profile) {
      return (stored, nil, .profile)
    }
    return (.file, nil, .builtIn)
  }

  /// This context with the location a sign-in of `profile` is stored in (see
  /// ``signInStore(profile:)``). When that is the keyring, the keyring is asked first, so a
  /// sign-in is never made that could not be stored.
  ///
  /// - Throws: `UsageError` for a bad `CLERKCTL_STORE`; `CredentialStoreError.keyring` (exit 3)
  ///   when the keyring is wanted and does not answer — the secret never goes to the file
  ///   instead.
  package func storingSignIn(profile: String) throws -> CommandContext {
    var context = self
    let store = try signInStore(profile: profile)
    context.requestedSecretLocation = store.requested
    if store.location == .keyring {
      do throws(KeyringError) {
        try keyring.probe()
      } catch {
        throw CredentialStoreError.keyring(error)
      }
    }
    return context
  }
}
