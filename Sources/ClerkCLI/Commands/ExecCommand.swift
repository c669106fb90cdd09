/// `clerkctl exec`: runs a command with a fresh token in its environment.
package struct ExecCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "exec",
      abstract: "Run a command with a fresh token in its environment.",
      discussion: """
        Sets NAME (default CLERK_TOKEN) to the token and NAME_EXPIRES_AT to its expiry in epoch \
        seconds, and passes the command's exit status through. Options end at the command.
        """,
      examples: [
        CommandExample(
          "Run the tests with a Convex token", "clerkctl exec --template convex -- npm test")
      ],
      options: [
        .option("template", value: "name", help: "Mint from this JWT template."),
        .option(
          "env", value: "name", help: "The environment variable that receives the token.",
          defaultValue: "CLERK_TOKEN"),
      ],
      arguments: [
        ArgumentSpec("command", help: "The program to run.", valueKind: .command),
        ArgumentSpec(
          "arg", help: "Its arguments.", isOptional: true, isRepeating: true, valueKind: .path),
      ],
      optionsEndAtFirstArgument: true)
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl exec")
  }
}
