import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl org`: the signed-in user's Clerk organizations, and the session's active one.
package struct OrgCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "org",
      abstract: "List your Clerk organizations, or choose the session's active one.",
      discussion: """
        Tokens minted after 'clerkctl org use' carry the active organization: the session \
        token's o claim, and a JWT template's {{org.*}} shortcodes.
        """,
      subcommands: [OrgListCommand.self, OrgUseCommand.self])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
