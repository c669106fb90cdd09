/// A keyring that refuses every call with ``KeyringError/notConfigured``: the default where
/// none was configured, so nothing reaches the real one unless told to.
package struct UnconfiguredKeyring: SecretKeyring {
  package init() {}

  package func store(_ secret: String, for item: KeyringItem) throws(KeyringError) {
    throw .notConfigured
  }

  package func lookup(_ item: KeyringItem) throws(KeyringError) -> String? {
    throw .notConfigured
  }

  package func clear(profile: String, directory: String) throws(KeyringError) -> Bool {
    throw .notConfigured
  }

  package func probe() throws(KeyringError) { throw .notConfigured }
}
