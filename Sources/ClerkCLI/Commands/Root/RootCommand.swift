import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl`: the root of the command tree, holding the global options.
package struct RootCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "clerkctl",
      abstract: "Sign in to Clerk and mint JWTs for scripts, CI and Convex.",
      discussion: """
        clerkctl signs in to a Clerk instance's Frontend API the way Clerk's native SDKs do, \
        keeps the long-lived client token in a local file, and prints short-lived JWTs from \
        Clerk JWT templates. stdout carries only the requested data; everything else goes to \
        stderr.
        """,
      examples: [
        CommandExample(
          "Sign in with a password read from a prompt",
          "clerkctl login --identifier you@example.com"),
        CommandExample("Print a token for a Convex backend", "clerkctl token --template convex"),
        CommandExample(
          "Run a command with CLERK_TOKEN set", "clerkctl exec --template convex -- npm test"),
      ],
      options: GlobalOptions.specs,
      subcommands: [
        LoginCommand.self, TokenCommand.self, WhoamiCommand.self, StatusCommand.self,
        ProfileCommand.self, ConfigCommand.self, OrgCommand.self, LogoutCommand.self,
        ExecCommand.self, APICommand.self,
        ConvexCommand.self, M2MCommand.self, MachineCommand.self, APIKeyCommand.self,
        OAuthCommand.self, MCPCommand.self,
        TestingTokenCommand.self,
        JWTCommand.self, DoctorCommand.self, CompletionCommand.self, VersionCommand.self,
        HelpCommand.self, CompleteCommand.self,
      ],
      shortOptionHints: [
        ("v", "'-v' is not an option: --verbose traces HTTP, -V (--version) prints the version")
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
