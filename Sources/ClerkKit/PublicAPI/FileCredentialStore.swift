import FoundationEssentials

/// The file store `clerkctl` uses: `<config dir>/profiles/<profile>.json`, mode 0600 in a 0700
/// directory, replaced atomically and locked against other processes. A library app and
/// the clerkctl command-line tool signed in with the same profile share one sign-in.
public struct FileCredentialStore: ClerkCredentialStore {
  /// The profile name (`default` unless told).
  public let profile: String
  /// The config directory; `nil` resolves it as `clerkctl` does (`CLERKCTL_CONFIG_DIR`,
  /// `$XDG_CONFIG_HOME/clerkctl`, `~/.config/clerkctl`) at each use.
  public let configDirectory: String?

  /// The store of `profile` in `configDirectory`.
  public init(profile: String = "default", configDirectory: String? = nil) {
    self.profile = profile
    self.configDirectory = configDirectory
  }

  /// The account layer's store behind this one.
  package func profileStore() throws(CredentialStoreError) -> ProfileStore {
    try ProfileName.validate(profile)
    let directory = try ConfigDirectory.resolve(
      flag: configDirectory, environment: ProcessEnvironment.current())
    return ProfileStore(directory: directory)
  }

  public func load() throws -> StoredCredential? {
    try mapped { try profileStore().load(profile: profile).map(StoredCredential.init) }
  }

  public func save(_ credential: StoredCredential) throws {
    var stored = credential.profileCredential
    stored.profile = profile
    try mapped {
      let store = try profileStore()
      try store.withLock(profile: profile) { try store.save(stored) }
    }
  }

  public func destroy() throws {
    try mapped { _ = try profileStore().destroy(profile: profile) }
  }

  private func mapped<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      throw ClerkAuthError(error, during: .store)
    }
  }
}
