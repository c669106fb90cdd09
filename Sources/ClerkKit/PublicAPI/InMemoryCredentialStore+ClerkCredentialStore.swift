/// The library view: one credential, kept under the `default` profile.
extension InMemoryCredentialStore: ClerkCredentialStore {
  public func load() throws -> StoredCredential? {
    try load(profile: ProfileName.defaultName).map(StoredCredential.init)
  }

  public func save(_ credential: StoredCredential) throws {
    var stored = credential.profileCredential
    stored.profile = ProfileName.defaultName
    try save(stored)
  }

  public func destroy() throws {
    try destroy(profile: ProfileName.defaultName)
  }
}
