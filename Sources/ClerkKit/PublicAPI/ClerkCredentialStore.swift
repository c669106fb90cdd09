/// Where a `ClerkAuthProvider` keeps its one sign-in between runs.
///
/// `FileCredentialStore` (the default) shares the files `clerkctl` uses;
/// `InMemoryCredentialStore` keeps nothing on disk. Conform your own type (a keychain, a
/// secrets manager) by persisting `StoredCredential.serialized`. Calls come from background
/// threads, one at a time per provider.
public protocol ClerkCredentialStore: Sendable {
  /// The stored credential, or `nil` when there is none.
  func load() throws -> StoredCredential?
  /// Stores `credential`, replacing what was there.
  func save(_ credential: StoredCredential) throws
  /// Removes the stored credential, if any.
  func destroy() throws
}
