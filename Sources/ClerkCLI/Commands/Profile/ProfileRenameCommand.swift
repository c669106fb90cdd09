import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl profile rename OLD NEW`: moves a profile (credential, cache, defaults, and a
/// keyring profile's keyring item) to a new name.
package struct ProfileRenameCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "rename",
      abstract: "Give a profile a new name (its sign-in, cache and defaults move with it).",
      discussion: """
        NEW must not exist. The 'profile use' choice follows the rename. A name with no \
        stored profile is exit 4 with the nearest stored one.
        """,
      examples: [CommandExample("Rename default to work", "clerkctl profile rename default work")],
      arguments: [
        ArgumentSpec("old", help: "The profile's name now.", valueKind: .profile),
        ArgumentSpec("new", help: "Its new name."),
      ])
  }

  let old: String
  let new: String

  /// `name`, or a usage error when it is not a valid profile name.
  static func validName(_ name: String) throws -> String {
    guard ProfileName.isValid(name) else {
      throw UsageError(
        "invalid profile name '\(name)': use 1 to 64 letters, digits, '.', '_' or '-', "
          + "starting with a letter or digit")
    }
    return name
  }

  package init(parsed: ParsedArguments) throws {
    old = try Self.validName(parsed.positional(0) ?? "")
    new = try Self.validName(parsed.positional(1) ?? "")
    guard old != new else { throw UsageError("'\(old)' is already the profile's name") }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let store = try context.profileStore()
    try store.withLock(profile: old) {
      guard let credential = try store.load(profile: old) else {
        throw ClerkError.notSignedIn(profile: old, .noSignIn)
      }
      try store.withLock(profile: new) {
        guard try store.load(profile: new) == nil else {
          throw UsageError(
            "profile '\(new)' exists; delete it first ('clerkctl profile delete \(new)')")
        }
        var moved = credential
        moved.profile = new
        // The secret stays where the profile keeps it: a keyring profile's item is stored
        // under the new name (and the old one goes with the old file, below).
        var target = store
        target.requestedLocation = store.secretLocation(profile: old) ?? .file
        try target.save(moved)
      }
      try store.delete(profile: old)
    }
    try ProfileConfig.move(profile: old, to: new, context)
    if (try? store.defaultProfile()) == old { try store.setDefaultProfile(new) }
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(new), "renamed_from": .string(old),
      ]
      context.print(json.prettyEncoded)
    } else {
      context.note("Renamed profile '\(old)' to '\(new)'.")
    }
    return ExitCode.success.rawValue
  }
}
