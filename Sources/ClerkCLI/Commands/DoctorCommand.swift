/// `clerkctl doctor`: the checklist for a token a backend rejects.
package struct DoctorCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "doctor",
      abstract: "Check the setup, one line per check with the fix.",
      discussion: """
        Checks that the instance is configured and reachable, the credential file is safe, the \
        session is live, the template mints, the token's iss, aud and sub are what Convex \
        checks, the signature verifies through discovery, and the local clock is within 5 \
        seconds of Clerk's. Exits 0 when all pass.
        """,
      options: [
        .option(
          "template", value: "name", help: "The JWT template to check.", defaultValue: "convex"),
        .option(
          "audience", value: "aud", help: "The aud the backend expects.", defaultValue: "convex"),
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl doctor")
  }
}
