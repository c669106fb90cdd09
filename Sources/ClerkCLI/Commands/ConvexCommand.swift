/// `clerkctl convex`: calls a Convex function over Convex's HTTP API.
package struct ConvexCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "convex",
      abstract: "Call a Convex query, mutation or action with a Clerk token.",
      discussion: """
        Sends POST URL/api/KIND with the convex template token and prints the function's \
        value as JSON. A function error prints its message to stderr and exits 1.
        """,
      examples: [
        CommandExample(
          "Run a query", "clerkctl convex query messages:list '{\"channel\":\"general\"}'")
      ],
      options: [
        .option(
          "url", value: "url", kind: .url, help: "The Convex deployment URL.",
          environmentVariable: "CONVEX_URL"),
        .option(
          "template", value: "name", help: "Mint from this JWT template.",
          defaultValue: "convex"),
      ],
      arguments: [
        ArgumentSpec(
          "kind", help: "query, mutation or action.",
          valueKind: .choice(["query", "mutation", "action"])),
        ArgumentSpec("function", help: "The function path, e.g. messages:list."),
        ArgumentSpec("args-json", help: "The arguments as a JSON object.", isOptional: true),
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl convex")
  }
}
