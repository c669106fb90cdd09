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
        ArgumentSpec(
          "key", help: "template, convex_url, min_ttl or store.",
          valueKind: .choice(ProfileConfig.Key.allCases.map(\.rawValue))),
        ArgumentSpec("value", help: "The value."),
      ])
  }

  let key: ProfileConfig.Key
  let value: String

  package init(parsed: ParsedArguments) throws {
    key = try ProfileConfig.key(named: parsed.positional(0) ?? "")
    value = parsed.positional(1) ?? ""
    try key.validate(value)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let profile = try context.profileName()
    try ProfileConfig.set(key, to: value, profile: profile, context)
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(profile), "key": .string(key.rawValue),
        "value": .string(value),
      ]
      context.print(json.prettyEncoded)
    } else {
      context.note("Set \(key.rawValue) = \(value) for profile '\(profile)'.")
    }
    return ExitCode.success.rawValue
  }
}
