import ClerkctlCommandLine

/// `clerkctl profile`: list the stored sign-ins and choose the default one.
package struct ProfileCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "profile",
      abstract: "List profiles, or choose the one later commands use.",
      discussion: """
        The profile in force is --profile, else CLERKCTL_PROFILE, else the one 'clerkctl \
        profile use' chose (kept in CONFIG_DIR/config.json), else default.
        """,
      subcommands: [
        ProfileListCommand.self, ProfileUseCommand.self, ProfileCurrentCommand.self,
        ProfileDeleteCommand.self, ProfileRenameCommand.self,
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
