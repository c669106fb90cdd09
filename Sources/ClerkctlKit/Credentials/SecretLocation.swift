/// Where a profile's long-lived secret (a client token, a machine secret key, an API key) is
/// kept: in the profile's 0600 file (the default), or in the OS keyring, the file then holding
/// only what names the keyring item (the credential file's `"store"`; absent means `file`).
package enum SecretLocation: String, Sendable, CaseIterable {
  /// In the profile's file.
  case file
  /// In the OS keyring (the Secret Service); the file holds no secret.
  case keyring
}
