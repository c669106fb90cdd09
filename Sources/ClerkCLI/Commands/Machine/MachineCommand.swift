import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl machine`: manage the instance's machines with `CLERK_SECRET_KEY`.
package struct MachineCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "machine",
      abstract: "List, create and delete machines, their scopes and secrets (CLERK_SECRET_KEY).",
      discussion: """
        Manages the instance's machines through the Backend API (--api-url, CLERK_API_URL) \
        with the secret key in CLERK_SECRET_KEY. create and rotate-secret print the new \
        machine secret once: on stdout, or into --output FILE (0600) and then nowhere else. A \
        refused secret key is exit 3; an unknown machine, a refused scope or name exit 6.
        """,
      examples: [
        CommandExample(
          "Create a CI machine allowed to call another one, its secret into a file",
          "clerkctl machine create ci --scope mch_api --output ci.secret"),
        CommandExample(
          "Rotate a secret, the old one working for ten more minutes",
          "clerkctl machine rotate-secret mch_ci --grace 600"),
      ],
      subcommands: [
        MachineListCommand.self, MachineCreateCommand.self, MachineDeleteCommand.self,
        MachineScopeCommand.self, MachineRotateSecretCommand.self,
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
