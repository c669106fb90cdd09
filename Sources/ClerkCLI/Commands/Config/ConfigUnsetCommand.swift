import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl config unset KEY`: removes a default of the profile.
package struct ConfigUnsetCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "unset",
      abstract: "Remove a default of the profile (the built-in one applies again).",
      arguments: [ProfileConfig.keyArgument])
  }

  let key: ProfileConfig.Key

  package init(parsed: ParsedArguments) throws {
    key = try ProfileConfig.key(parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let profile = try context.profileName()
    let changed = try ProfileConfig.set(key, to: nil, profile: profile, context)
    context.note(
      changed
        ? "Unset \(key.rawValue) for profile '\(profile)'."
        : "\(key.rawValue) was not set for profile '\(profile)'.")
    return ExitCode.success.rawValue
  }
}
