/// `clerkctl status`: lists every profile and its state.
package struct StatusCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "status",
      abstract: "List every profile: instance, user, session, credential file, cached tokens.",
      discussion: """
        Exits 0 when the selected profile has a live session, 4 when it has none, 5 when Clerk \
        cannot be reached.
        """)
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl status")
  }
}
