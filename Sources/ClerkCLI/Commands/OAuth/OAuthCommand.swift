import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl oauth`: Clerk as an OAuth 2.1 authorization server — register clients, introspect
/// tokens. Signing in is `clerkctl login --client-id`.
package struct OAuthCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "oauth",
      abstract: "Register OAuth clients and introspect OAuth tokens (Clerk as the OAuth provider).",
      discussion: """
        Clerk's Frontend API is an OAuth 2.1 / OpenID Connect provider. Sign in with an OAuth \
        application with 'clerkctl login --client-id CLIENT_ID' (or 'clerkctl mcp login URL' \
        for an MCP server); then token, exec and api hand out its access tokens. OAuth access \
        tokens are typ at+jwt (or opaque oat_…), not session tokens: a backend must accept \
        OAuth tokens, and Convex's OIDC check refuses them (use a JWT template or machine \
        tokens for Convex).
        """,
      subcommands: [OAuthRegisterCommand.self, OAuthIntrospectCommand.self])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
