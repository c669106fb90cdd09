import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl version`: the same as `clerkctl --version`.
package struct VersionCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "version",
      abstract: "Print the version, commit and build date (as --version does).",
      discussion: """
        The commit and build date are those make build passed in (a plain swift build has \
        none). --json prints {schema_version, version, commit, build_date}.
        """)
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    if context.globals.json {
      context.print(BuildDetails.json.prettyEncoded)
    } else {
      context.print(BuildDetails.text)
    }
    return ExitCode.success.rawValue
  }
}
