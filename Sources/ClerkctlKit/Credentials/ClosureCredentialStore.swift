import ClerkctlCore

/// A library user's own storage (a keychain, a secrets manager) behind the account layer's
/// store: it keeps one credential, whatever the profile is called, through three closures.
/// Writers are serialized in process with the same lock the in-memory store uses.
package struct ClosureCredentialStore: CredentialStore {
  let loadCredential: @Sendable () throws -> StoredCredential?
  let saveCredential: @Sendable (StoredCredential) throws -> Void
  let destroyCredential: @Sendable () throws -> Void
  private let lock = RecursiveLock()

  package init(
    load: @escaping @Sendable () throws -> StoredCredential?,
    save: @escaping @Sendable (StoredCredential) throws -> Void,
    destroy: @escaping @Sendable () throws -> Void
  ) {
    loadCredential = load
    saveCredential = save
    destroyCredential = destroy
  }

  package func load(profile: String) throws(CredentialStoreError) -> ProfileCredential? {
    guard var credential = try calling("read", loadCredential)?.profileCredential else {
      return nil
    }
    credential.profile = profile
    return credential
  }

  package func save(_ credential: ProfileCredential) throws(CredentialStoreError) {
    try calling("write") { try saveCredential(StoredCredential(credential)) }
  }

  @discardableResult
  package func destroy(profile: String) throws(CredentialStoreError) -> Bool {
    let existed = (try? loadCredential()) != nil
    try calling("delete", destroyCredential)
    return existed
  }

  @discardableResult
  package func withLock<T>(profile: String, timeout: Double, _ body: () throws -> T) throws -> T {
    try lock.withLock(body)
  }

  private func calling<T>(
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
