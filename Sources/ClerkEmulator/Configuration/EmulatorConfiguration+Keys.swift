import ClerkctlCommandLine
import ClerkctlCore

/// The keys a configuration file may use. A key that is not one of them (`"user"` for
/// `"users"`) is an error naming it and the nearest valid one, never silently ignored (the
/// emulator would start with no users at all). Keys starting with `$` or `_` (`$schema`,
/// `_comment`) are left alone.
extension EmulatorConfiguration {
  /// The top-level keys.
  static let topLevelKeys = [
    "users", "templates", "session_token_lifetime", "social_providers", "instance",
    "redirect_allowlist", "oauth_auto_approve", "organizations", "memberships", "machines",
    "key_file", "oauth_applications", "oauth_application_settings",
  ]

  /// The keys of a `users` entry.
  static let userKeys = [
    "email", "phone", "username", "password", "totp_secret", "backup_codes", "first_name",
    "last_name", "public_metadata",
  ]

  /// Throws for the first unknown key at the top level or in a `users` entry.
  static func checkKeys(_ root: JSONValue) throws(EmulatorConfigurationError) {
    try check(root, known: topLevelKeys, at: nil)
    for (index, user) in (root["users"]?.arrayValue ?? []).enumerated() {
      try check(user, known: userKeys, at: "users[\(index)]")
    }
  }

  private static func check(
    _ object: JSONValue, known: [String], at place: String?
  ) throws(EmulatorConfigurationError) {
    guard let members = object.objectValue else { return }
    for key in members.keys.sorted()
    where !known.contains(key) && !key.hasPrefix("$") && !key.hasPrefix("_") {
      let near =
        Suggestion.closest(to: key, in: known)
        ?? known.first { $0.hasPrefix(key) || key.hasPrefix($0) }
      let name = place.map { "\($0).\(key)" } ?? key
      throw .invalid(
        "unknown key \"\(name)\""
          + (near.map { "; did you mean \"\($0)\"?" } ?? "")
          + " (valid: \(known.joined(separator: ", ")))")
    }
  }
}
