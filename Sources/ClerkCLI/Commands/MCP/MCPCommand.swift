import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl mcp`: sign in to MCP servers whose authorization server is Clerk.
package struct MCPCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "mcp",
      abstract: "Sign in to an MCP server protected by Clerk (OAuth, RFC 9728 discovery).",
      discussion: """
        'clerkctl mcp login URL' finds the server's authorization server, registers a client \
        when none is given, runs the PKCE sign-in and stores an oauth profile. Then 'clerkctl \
        token --profile P', 'exec' and 'api' give MCP clients and inspectors a bearer that \
        stays fresh.
        """,
      subcommands: [MCPLoginCommand.self])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
