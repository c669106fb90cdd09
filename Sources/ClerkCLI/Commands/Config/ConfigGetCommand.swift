import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl config get KEY`: prints the profile's value of KEY.
package struct ConfigGetCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "get",
      abstract: "Print the profile's value of a key (exit 1 when unset).",
      discussion: "--json prints {schema_version, profile, key, value} (value null when unset).",
      arguments: [
        ArgumentSpec(
          "key", help: "template, convex_url, min_ttl or store.",
          valueKind: .choice(ProfileConfig.Key.allCases.map(\.rawValue)))
      ])
  }

  let key: ProfileConfig.Key

  package init(parsed: ParsedArguments) throws {
    key = try ProfileConfig.key(named: parsed.positional(0) ?? "")
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let profile = try context.profileName()
    let value = try ProfileConfig.settings(context, profile: profile)[key.rawValue]
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(profile), "key": .string(key.rawValue),
        "value": value.map(JSONValue.string) ?? .null,
      ]
      context.print(json.prettyEncoded)
    } else if let value {
      context.print(value)
    }
    return value == nil ? ExitCode.failure.rawValue : ExitCode.success.rawValue
  }
}
