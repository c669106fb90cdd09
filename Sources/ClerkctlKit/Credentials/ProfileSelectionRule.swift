/// The one rule that picks the profile, shared by the command line and the library: the name
/// the caller gives (the command line's flag, or the library's `profile:` argument), else
/// `CLERKCTL_PROFILE`, else the one `profile use` chose (kept in the config directory's
/// `config.json`), else `default`.
package enum ProfileSelectionRule {
  /// Where the chosen name came from, strongest first.
  package enum Origin: Sendable, Equatable {
    case argument, environment, profileUse, builtIn
  }

  /// The profile in force.
  ///
  /// - Parameters:
  ///   - given: the caller's own choice.
  ///   - environment: the process environment (`CLERKCTL_PROFILE`).
  ///   - store: the file store whose `config.json` holds the `profile use` choice; `nil` when
  ///     there is no config directory.
  /// - Throws: `CredentialStoreError` for an invalid name or an unreadable settings file.
  package static func select(
    given: String?, environment: [String: String], store: ProfileStore?
  ) throws(CredentialStoreError) -> (name: String, origin: Origin) {
    let selection: (name: String, origin: Origin)
    if let given {
      selection = (given, .argument)
    } else if let variable = environment["CLERKCTL_PROFILE"], !variable.isEmpty {
      selection = (variable, .environment)
    } else if let store, let chosen = try store.defaultProfile() {
      selection = (chosen, .profileUse)
    } else {
      selection = (ProfileName.defaultName, .builtIn)
    }
    try ProfileName.validate(selection.name)
    return selection
  }
}
