import FoundationEssentials

/// Lets the account layer (`ClerkAccount`, multi-profile, locking) use a library store that
/// holds one credential. Locking is in-process: one lock per bridge.
package final class CredentialStoreBridge: CredentialStore {
  private let store: any ClerkCredentialStore
  private let lock = RecursiveLock()

  /// Wraps `store`.
  package init(_ store: any ClerkCredentialStore) {
    self.store = store
  }

  /// The profile name and the account layer's store for `store`: the file store's own files
  /// and lock, the in-memory store directly, anything else through a bridge.
  package static func backing(
    for store: any ClerkCredentialStore
  ) throws(CredentialStoreError) -> (profile: String, store: any CredentialStore) {
    if let file = store as? FileCredentialStore {
      return (file.profile, try file.profileStore())
    }
    if let memory = store as? InMemoryCredentialStore {
      return (ProfileName.defaultName, memory)
    }
    return (ProfileName.defaultName, CredentialStoreBridge(store))
  }

  package func load(profile: String) throws(CredentialStoreError) -> ProfileCredential? {
    guard var credential = try bridged("read", { try store.load() })?.profileCredential else {
      return nil
    }
    credential.profile = profile
    return credential
  }

  package func save(_ credential: ProfileCredential) throws(CredentialStoreError) {
    try bridged("write") { try store.save(StoredCredential(credential)) }
  }

  @discardableResult
  package func destroy(profile: String) throws(CredentialStoreError) -> Bool {
    let existed = (try? store.load()) != nil
    try bridged("delete") { try store.destroy() }
    return existed
  }

  @discardableResult
  package func withLock<T>(profile: String, timeout: Double, _ body: () throws -> T) throws -> T {
    try lock.withLock(body)
  }

  private func bridged<T>(
    _ operation: String, _ body: () throws -> T
  ) throws(CredentialStoreError) -> T {
    do {
      return try body()
    } catch let error as CredentialStoreError {
      throw error
    } catch {
      throw .io(path: "credential store", operation: operation, message: "\(error)")
    }
  }
}
