import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl m2m`: verify, list and revoke M2M tokens.
package struct M2MCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "m2m",
      abstract: "Verify, list and revoke machine-to-machine (M2M) tokens.",
      discussion: """
        verify checks a JWT networkless against the instance's JWKS (issuer, exp/nbf, the cat \
        header of an M2M token; --scope MCH requires that machine in its scopes) and an opaque \
        mt_ token through the Backend API with the profile's machine secret or \
        CLERK_SECRET_KEY; it prints the verified token as JSON and exits 9 when it is invalid, \
        expired, revoked or of another category. list and revoke act on the machine's opaque \
        tokens.
        """,
      subcommands: [M2MVerifyCommand.self, M2MListCommand.self, M2MRevokeCommand.self])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
