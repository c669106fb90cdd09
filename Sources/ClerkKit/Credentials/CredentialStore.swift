/// Keeps profile credentials for the library API. `ProfileStore` (files) is the default;
/// `InMemoryCredentialStore` suits tests and embedders that keep nothing on disk.
package protocol CredentialStore: Sendable {
  /// The profile's credential, or `nil` when it has none.
  func load(profile: String) throws(CredentialStoreError) -> ProfileCredential?

  /// Stores `credential` under its `profile`, replacing what was there.
  func save(_ credential: ProfileCredential) throws(CredentialStoreError)

  /// Removes the profile's credential and token cache; returns whether there was one.
  @discardableResult
  func destroy(profile: String) throws(CredentialStoreError) -> Bool

  /// Runs `body` while holding the profile's exclusive lock (for read-modify-write).
  @discardableResult
  func withLock<T>(profile: String, timeout: Double, _ body: () throws -> T) throws -> T
}
