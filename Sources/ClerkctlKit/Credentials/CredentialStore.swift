/// The one credential-store abstraction the account layer works on: profiles' credentials,
/// keyed by profile name, and a per-profile lock for read-modify-write.
///
/// Implementations: `ProfileStore` (files, locked across processes with `flock`),
/// `InMemoryCredentialStore`, and `ClosureCredentialStore` (a library user's own storage); the
/// library's public `ClerkCredentialStore` is a small value over one of them. The in-process
/// ones share one lock type (`RecursiveLock`).
package protocol CredentialStore: Sendable {
  /// The profile's credential, or `nil` when it has none.
  func load(profile: String) throws(CredentialStoreError) -> ProfileCredential?

  /// Like `load`, but a credential that other users can read is returned too, with
  /// `CredentialStoreError.insecurePermissions` as its exposure: for ending its session and
  /// removing or replacing it (never for using it).
  func loadForRemoval(
    profile: String
  ) throws(CredentialStoreError) -> (
    credential: ProfileCredential, exposure: CredentialStoreError?
  )?

  /// Stores `credential` under its `profile`, replacing what was there.
  func save(_ credential: ProfileCredential) throws(CredentialStoreError)

  /// Stores `credential`, which was read as `previous` under the profile's lock and then
  /// changed, when it was changed only in what a mint refreshes (its token caches and the
  /// measured clock skew, see `ProfileCredential.differsOnlyInTokenCache(from:)`), less
  /// durably: a crash may then bring `previous` back, whole, with the same sign-in, and the
  /// next run mints again. Any other change is stored as `save` stores it.
  func saveTokenCache(
    _ credential: ProfileCredential, previous: ProfileCredential
  ) throws(CredentialStoreError)

  /// Removes the profile's credential and token cache; returns whether there was one.
  @discardableResult
  func destroy(profile: String) throws(CredentialStoreError) -> Bool

  /// Runs `body` while holding the profile's exclusive lock (for read-modify-write).
  @discardableResult
  func withLock<T>(profile: String, timeout: Double, _ body: () throws -> T) throws -> T

  /// Checks, before a sign-in is made, that the store could keep one for `profile`: a store
  /// that would put the secret elsewhere (the OS keyring) asks there now, so no session is
  /// opened at Clerk that could not be stored.
  func checkCanStore(profile: String) throws(CredentialStoreError)
}

extension CredentialStore {
  /// Stores that keep everything themselves can always store a sign-in.
  package func checkCanStore(profile: String) throws(CredentialStoreError) {}

  /// Stores that keep every write equally (in memory, a library user's own) just save.
  package func saveTokenCache(
    _ credential: ProfileCredential, previous: ProfileCredential
  ) throws(CredentialStoreError) {
    try save(credential)
  }

  /// Stores that never refuse a readable credential return what `load` does.
  package func loadForRemoval(
    profile: String
  ) throws(CredentialStoreError) -> (
    credential: ProfileCredential, exposure: CredentialStoreError?
  )? {
    try load(profile: profile).map { ($0, nil) }
  }
}
