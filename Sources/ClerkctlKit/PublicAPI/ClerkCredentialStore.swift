import Glibc

/// Where a `ClerkAuthProvider` keeps its sign-in between runs: a small value made by one of
/// three factories.
///
/// - `.file(profile:configDirectory:)` (the default) shares the files `clerkctl` uses, and
///   picks the profile as it does:
///   `<config dir>/profiles/<profile>.json`, 0600 in a 0700 directory, replaced atomically and
///   locked against other processes. A library app and the command-line tool signed in on the
///   same profile share one sign-in.
/// - `.inMemory()` keeps nothing on disk (tests, short-lived tools).
/// - `.custom(load:save:destroy:)` keeps it where you say (a keychain, a secrets manager): persist
///   `StoredCredential.serialized` and give it back with `StoredCredential(serialized:)`. Calls
///   come from background threads, one at a time per store.
///
/// The configuration is read once, when the store is made.
public struct ClerkCredentialStore: Sendable {
  /// The profile the credential is kept under.
  package let profile: String
  /// The account layer's store, or why none could be set up (reported at first use).
  package let backing: Result<any CredentialStore, CredentialStoreError>

  package init(profile: String, backing: Result<any CredentialStore, CredentialStoreError>) {
    self.profile = profile
    self.backing = backing
  }

  /// The file store of `profile` in `configDirectory`.
  ///
  /// - Parameters:
  ///   - profile: the profile; `nil` picks it as `clerkctl` does: `CLERKCTL_PROFILE`, else
  ///     the default profile chosen with the command line's `profile use`, else `default` (so the app and the command line
  ///     agree on who is signed in).
  ///   - configDirectory: `nil` finds the config directory as `clerkctl` does
  ///     (`CLERKCTL_CONFIG_DIR`, `$XDG_CONFIG_HOME/clerkctl`, `~/.config/clerkctl`).
  ///
  /// Both are worked out now, from the process environment.
  public static func file(
    profile: String? = nil, configDirectory: String? = nil
  ) -> ClerkCredentialStore {
    file(profile: profile, configDirectory: configDirectory, environment: processEnvironment())
  }

  /// `file(profile:configDirectory:)` with the environment given (tests).
  package static func file(
    profile: String?, configDirectory: String?, environment: [String: String]
  ) -> ClerkCredentialStore {
    let resolved = Result { () throws(CredentialStoreError) -> (String, ProfileStore) in
      let directory = try ConfigDirectory.resolve(
        given: configDirectory, environment: environment)
      let store = ProfileStore(directory: directory)
      let (name, _) = try ProfileSelectionRule.select(
        given: profile, environment: environment, store: store)
      return (name, store)
    }
    switch resolved {
    case .success(let (name, store)):
      return ClerkCredentialStore(profile: name, backing: .success(store))
    case .failure(let error):
      return ClerkCredentialStore(
        profile: profile ?? ProfileName.defaultName, backing: .failure(error))
    }
  }

  /// The variables the file store reads.
  private static func processEnvironment() -> [String: String] {
    ["CLERKCTL_CONFIG_DIR", "CLERKCTL_PROFILE", "XDG_CONFIG_HOME", "HOME"].reduce(
      into: [String: String]()
    ) { values, name in
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
  }

  /// A store that keeps the sign-in in this process's memory only.
  public static func inMemory() -> ClerkCredentialStore {
    ClerkCredentialStore(
      profile: ProfileName.defaultName, backing: .success(InMemoryCredentialStore()))
  }

  /// A store of your own: `load` returns what `save` was last given (`nil` when nothing is
  /// stored or after `destroy`). What they throw is reported as a configuration error.
  public static func custom(
    load: @escaping @Sendable () throws -> StoredCredential?,
    save: @escaping @Sendable (StoredCredential) throws -> Void,
    destroy: @escaping @Sendable () throws -> Void
  ) -> ClerkCredentialStore {
    ClerkCredentialStore(
      profile: ProfileName.defaultName,
      backing: .success(ClosureCredentialStore(load: load, save: save, destroy: destroy)))
  }
}
