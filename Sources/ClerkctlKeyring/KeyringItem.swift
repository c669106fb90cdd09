/// One credential in the OS keyring, named by the attributes it is stored and found under (the
/// clerkctl schema's): the profile, the instance it belongs to, the kind of credential and the
/// config directory whose profile it is (two config directories may each hold a profile of the
/// same name).
package struct KeyringItem: Sendable, Hashable, CustomStringConvertible {
  /// The profile name.
  package var profile: String
  /// The instance the secret belongs to: the Frontend API URL, or a machine's Backend API URL.
  package var instance: String
  /// The kind of credential (`user`, `machine`, `api_key`, `oauth`).
  package var kind: String
  /// The config directory the profile lives in.
  package var directory: String

  package init(profile: String, instance: String, kind: String, directory: String) {
    self.profile = profile
    self.instance = instance
    self.kind = kind
    self.directory = directory
  }

  /// The label a keyring manager (Seahorse, KeePassXC) shows.
  package var label: String {
    "Clerk credential of profile \(profile) (\(kind), \(instance))"
  }

  package var description: String {
    "KeyringItem(profile: \(profile), instance: \(instance), kind: \(kind), directory: \(directory))"
  }
}
