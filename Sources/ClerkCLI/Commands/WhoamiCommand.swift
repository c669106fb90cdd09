/// `clerkctl whoami`: who the profile is signed in as.
package struct WhoamiCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "whoami",
      abstract: "Print who the profile is signed in as.",
      discussion: """
        Prints the user id, email, session id and instance. Checks the session with Clerk \
        unless --offline.
        """,
      options: [.flag("offline", help: "Do not check the session with Clerk.")])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl whoami")
  }
}
