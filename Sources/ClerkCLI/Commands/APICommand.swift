/// `clerkctl api`: one authenticated HTTP request.
package struct APICommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "api",
      abstract: "Send an HTTP request with Authorization: Bearer JWT.",
      discussion: """
        On 401 it mints a fresh token and retries once. The response body goes to stdout. Exits \
        0 for 2xx and 1 for any other status.
        """,
      examples: [
        CommandExample(
          "POST JSON", "clerkctl api -X POST -d '{\"a\":1}' https://example.com/api/things")
      ],
      options: [
        .option(
          "method", short: "X", value: "method", help: "The HTTP method.", defaultValue: "GET"),
        .option(
          "header", short: "H", value: "header", help: "A request header, 'Name: value'.",
          isRepeatable: true),
        .option("data", short: "d", value: "data", help: "The request body."),
        .option(
          "data-file", value: "file", kind: .path,
          help: "Read the request body from a file; - for stdin."),
        .option("template", value: "name", help: "Mint from this JWT template."),
        .flag("include", short: "i", help: "Print the status line and headers too."),
        .flag("no-refresh", help: "Do not mint a fresh token and retry on 401."),
      ],
      arguments: [ArgumentSpec("url", help: "The URL to request.", valueKind: .url)])
  }

  package init(parsed: ParsedArguments) throws {
    if parsed.value("data") != nil && parsed.value("data-file") != nil {
      throw UsageError("'--data' and '--data-file' cannot be used together")
    }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl api")
  }
}
