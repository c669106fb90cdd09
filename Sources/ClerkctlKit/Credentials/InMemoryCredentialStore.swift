import ClerkctlCore

/// A credential store that keeps everything in memory, for tests and embedders.
package final class InMemoryCredentialStore: CredentialStore, Sendable {
  private let credentials = Lock<[String: ProfileCredential]>([:])
  private let profileLock = RecursiveLock()

  /// An empty store.
  package init() {}

  package func load(profile: String) throws(CredentialStoreError) -> ProfileCredential? {
    try ProfileName.validate(profile)
    return credentials.withLock { $0[profile] }
  }

  package func save(_ credential: ProfileCredential) throws(CredentialStoreError) {
    try ProfileName.validate(credential.profile)
    credentials.withLock { $0[credential.profile] = credential }
  }

  @discardableResult
  package func destroy(profile: String) throws(CredentialStoreError) -> Bool {
    try ProfileName.validate(profile)
    return credentials.withLock { $0.removeValue(forKey: profile) != nil }
  }

  /// Runs `body` under one store-wide recursive lock; `timeout` is ignored.
  @discardableResult
  package func withLock<T>(profile: String, timeout: Double, _ body: () throws -> T) throws -> T {
    try ProfileName.validate(profile)
    return try profileLock.withLock(body)
  }

  /// The profiles stored, sorted.
  package func listProfiles() -> [String] {
    credentials.withLock { $0.keys.sorted() }
  }
}
