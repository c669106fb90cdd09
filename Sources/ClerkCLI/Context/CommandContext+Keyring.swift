import ClerkctlCommandLine
import ClerkctlKeyring
import ClerkctlKit

/// Where a sign-in keeps its long-lived secret: `login --store` > `CLERKCTL_STORE` > where the
/// profile keeps it > the file. Later commands follow the profile's file and need neither.
extension CommandContext {
  /// `CLERKCTL_STORE`, when set.
  ///
  /// - Throws: `UsageError` for a value other than `file` or `keyring`.
  package func storeFromEnvironment() throws -> SecretLocation? {
    guard let text = nonEmpty("CLERKCTL_STORE") else { return nil }
    guard let location = SecretLocation(rawValue: text) else {
      throw UsageError("CLERKCTL_STORE must be file or keyring, got '\(text)'")
    }
    return location
  }

  /// This context with the location `login` stores the sign-in of `profile` in: `flag`, else
  /// `CLERKCTL_STORE`. When that, or else the profile's own, is the keyring, the keyring is
  /// asked first, so a sign-in is never made that could not be stored.
  ///
  /// - Throws: `UsageError` for a bad `CLERKCTL_STORE`; `CredentialStoreError.keyring` (exit 3)
  ///   when the keyring is wanted and does not answer — the secret never goes to the file
  ///   instead.
  package func storingSignIn(in flag: SecretLocation?, profile: String) throws -> CommandContext {
    var context = self
    context.requestedSecretLocation = try flag ?? storeFromEnvironment()
    let stored = try? profileStore().secretLocation(profile: profile)
    if (context.requestedSecretLocation ?? stored ?? .file) == .keyring {
      do throws(KeyringError) {
        try keyring.probe()
      } catch {
        throw CredentialStoreError.keyring(error)
      }
    }
    return context
  }
}
