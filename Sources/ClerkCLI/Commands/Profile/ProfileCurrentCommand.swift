import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl profile current`: the profile in force and where it came from.
package struct ProfileCurrentCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "current",
      abstract: "Print the profile in force; stderr says where it came from.",
      discussion: """
        The name goes to stdout; its source (--profile, CLERKCTL_PROFILE, 'clerkctl profile \
        use' or the built-in default) to stderr. --json prints {schema_version, profile, \
        source} with source one of flag, environment, profile_use, default.
        """)
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    let selection = try context.profileSelection()
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(selection.name),
        "source": .string(selection.source.jsonName),
      ]
      context.print(json.prettyEncoded)
    } else {
      context.print(selection.name)
      context.note("(\(selection.source.words))")
    }
    return ExitCode.success.rawValue
  }
}
