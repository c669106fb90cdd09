/// `clerkctl logout`: signs out at Clerk and deletes the local credential.
package struct LogoutCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "logout",
      abstract: "Sign the profile out and delete its credential and cached tokens.",
      discussion: """
        The local files are deleted even when Clerk cannot be reached (exit 5 then: the \
        session may live on until it expires).
        """,
      options: [.flag("all", help: "Sign out every profile.")])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl logout")
  }
}
