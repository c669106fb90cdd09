import ClerkctlCore

/// `clerkctl version`: the same as `clerkctl --version`.
package struct VersionCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "version",
      abstract: "Print the version (as --version does).",
      discussion: "--json prints {schema_version, version}.")
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    if context.globals.json {
      let json: JSONValue = ["schema_version": 1, "version": .string(ClerkVersion.current)]
      context.print(json.prettyEncoded)
    } else {
      context.print("clerkctl \(ClerkVersion.current)")
    }
    return ExitCode.success.rawValue
  }
}
