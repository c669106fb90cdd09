extension ClerkCredentialStore {
  /// The store of `profile` in `configDirectory` (found as for ``file(profile:configDirectory:)``)
  /// that keeps the long-lived secret in the OS keyring — the freedesktop Secret Service on the
  /// D-Bus session bus (GNOME Keyring, KeePassXC), through libsecret, loaded on first use — and
  /// in the profile's file only what names the keyring item, beside the identity and the
  /// short-lived token cache. Every save puts the secret there, so a profile signed in with a
  /// file store moves into the keyring on its next save.
  ///
  /// ``file(profile:configDirectory:)`` reads either: a profile remembers where its secret is.
  /// Where no Secret Service answers, calls that need the secret throw `.configuration`
  /// naming what is missing (the session bus, libsecret, or a provider); the secret is never
  /// written to the file instead. A sign-in asks the keyring before anything is sent to Clerk,
  /// so none is made that could not be stored.
  public static func keyring(
    profile: String = "default", configDirectory: String? = nil
  ) -> ClerkCredentialStore {
    let file = file(profile: profile, configDirectory: configDirectory)
    return ClerkCredentialStore(
      profile: file.profile,
      backing: file.backing.map { backing -> any CredentialStore in
        guard var store = backing as? ProfileStore else { return backing }
        store.requestedLocation = .keyring
        return store
      })
  }
}
