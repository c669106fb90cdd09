import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl config list`: the profile's defaults.
package struct ConfigListCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "list",
      abstract: "Print the profile's defaults, KEY=VALUE one a line.",
      discussion: "--json prints {schema_version, profile, settings: {KEY: VALUE}}.")
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    let profile = try context.profileName()
    let settings = try ProfileConfig.settings(context, profile: profile)
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(profile),
        "settings": .object(settings.mapValues { .string($0) }),
      ]
      context.print(json.prettyEncoded)
    } else {
      for key in ProfileConfig.Key.allCases {
        if let value = settings[key.rawValue] { context.print("\(key.rawValue)=\(value)") }
      }
    }
    return ExitCode.success.rawValue
  }
}
