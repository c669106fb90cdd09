import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl config set KEY VALUE`: stores a default for the profile.
package struct ConfigSetCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "set",
      abstract: "Store a default for the profile.",
      discussion: """
        template takes a JWT template name; convex_url an https:// URL (http:// for \
        loopback); min_ttl seconds; store file or keyring. --json prints {schema_version, \
        profile, key, value}.
        """,
      arguments: [
        ProfileConfig.keyArgument,
        ArgumentSpec("value", help: "The value."),
      ])
  }

  let key: ProfileConfig.Key
  let value: String

  package init(parsed: ParsedArguments) throws {
    key = try ProfileConfig.key(parsed)
    value = parsed.positional(1) ?? ""
    try key.validate(value)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let profile = try context.profileName()
    try ProfileConfig.set(key, to: value, profile: profile, context)
    if context.globals.json {
      context.print(ProfileConfig.json(profile: profile, key: key, value: value).prettyEncoded)
    } else {
      context.note("Set \(key.rawValue) = \(value) for profile '\(profile)'.")
    }
    return ExitCode.success.rawValue
  }
}
