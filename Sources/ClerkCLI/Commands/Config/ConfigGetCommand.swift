import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl config get KEY`: prints the profile's value of KEY.
package struct ConfigGetCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "get",
      abstract: "Print the profile's value of a key (exit 1 when unset).",
      discussion: "--json prints {schema_version, profile, key, value} (value null when unset).",
      arguments: [ProfileConfig.keyArgument])
  }

  let key: ProfileConfig.Key

  package init(parsed: ParsedArguments) throws {
    key = try ProfileConfig.key(parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let profile = try context.profileName()
    let value = try ProfileConfig.settings(context, profile: profile)[key.rawValue]
    if context.globals.json {
      context.print(ProfileConfig.json(profile: profile, key: key, value: value).prettyEncoded)
    } else if let value {
      context.print(value)
    }
    return value == nil ? ExitCode.failure.rawValue : ExitCode.success.rawValue
  }
}
