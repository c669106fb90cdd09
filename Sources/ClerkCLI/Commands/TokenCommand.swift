/// `clerkctl token`: prints a JWT for the signed-in session.
package struct TokenCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "token",
      abstract: "Print a JWT for the signed-in session.",
      discussion: """
        Reuses a cached token while it has at least --min-ttl seconds left; otherwise mints one \
        with a single request and caches it. Never prompts and never signs in.
        """,
      examples: [
        CommandExample("Print a token for a Convex backend", "clerkctl token --template convex"),
        CommandExample(
          "Print an Authorization header", "clerkctl token --template convex --format header"),
      ],
      options: [
        .option(
          "template", value: "name",
          help: "Mint from this JWT template (convex for Convex); default the session token."),
        .option(
          "min-ttl", value: "seconds", kind: .seconds,
          help: "Reuse a cached token only while it has this many seconds left.",
          defaultValue: "10"),
        .flag("force-refresh", help: "Always mint a new token."),
        .option(
          "format", value: "format", kind: .choice(["raw", "header", "json"]),
          help: "raw: the JWT; header: Authorization: Bearer JWT; json: the JWT and its times.",
          defaultValue: "raw"),
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl token")
  }
}
