import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl api-key`: API keys a signed-in user (or its organization) hands to scripts and CI.
package struct APIKeyCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "api-key",
      abstract: "Create, list, revoke and verify Clerk API keys (ak_…) for scripts and CI.",
      discussion: """
        An API key is a long-lived, revocable credential a signed-in user (or an organization) \
        creates for an app's backend, which checks it with the Backend API. create, list and \
        revoke use the Frontend API with a fresh session token of the profile; verify (and \
        create --scope) need CLERK_SECRET_KEY. Store a key as a profile with \
        'clerkctl login --api-key-stdin --profile NAME'.
        """,
      subcommands: [
        APIKeyCreateCommand.self, APIKeyListCommand.self, APIKeyRevokeCommand.self,
        APIKeyVerifyCommand.self,
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }

  /// `--org`: the session's active organization instead of the user.
  static let organization = OptionKey.flag(
    "org", help: "The session's active organization's keys instead of your own.")
}
