/// Where a profile's long-lived secret is kept when it is not in the profile's file: the OS
/// keyring (``SecretServiceKeyring``), or a stand-in in tests.
///
/// Every call may block on inter-process communication; none prompts.
package protocol SecretKeyring: Sendable {
  /// Stores `secret` as `item`, replacing the secret an item with the same attributes held.
  func store(_ secret: String, for item: KeyringItem) throws(KeyringError)

  /// The secret stored as `item`, or `nil` when the keyring has none.
  func lookup(_ item: KeyringItem) throws(KeyringError) -> String?

  /// Removes every item of `profile` in `directory`, whatever its instance and kind.
  ///
  /// - Returns: whether there was one.
  @discardableResult
  func clear(profile: String, directory: String) throws(KeyringError) -> Bool

  /// Checks that the keyring answers, without storing anything.
  func probe() throws(KeyringError)
}
