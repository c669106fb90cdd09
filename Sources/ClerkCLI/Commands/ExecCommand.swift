import ClerkKit

/// `clerkctl exec`: runs a command with a fresh token in its environment.
package struct ExecCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "exec",
      abstract: "Run a command with a fresh token in its environment.",
      discussion: """
        Sets NAME (default CLERK_TOKEN) to the token and NAME_EXPIRES_AT to its expiry in epoch \
        seconds, and passes the command's exit status through (128+N when signal N ended it; \
        127 when the command is not found, 126 when it cannot be run). The token is only in \
        the environment, never on a command line. SIGINT, SIGTERM and SIGHUP sent to clerkctl \
        are forwarded to the command. The token is not renewed while the command runs: use \
        --min-ttl for long runs, or 'clerkctl token' inside them. Options end at the command.
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
        .option(
          "min-ttl", value: "seconds", kind: .seconds,
          help: "Reuse a cached token only while it has this many seconds left.",
          defaultValue: "10"),
      ],
      arguments: [
        ArgumentSpec("command", help: "The program to run.", valueKind: .command),
        ArgumentSpec(
          "arg", help: "Its arguments.", isOptional: true, isRepeating: true, valueKind: .path),
      ],
      optionsEndAtFirstArgument: true)
  }

  package var template: String?
  package var variable: String
  package var minTTL: Double
  package var command: [String]

  package init(parsed: ParsedArguments) throws {
    template = parsed.value("template")
    if let template, template.isEmpty { throw UsageError("'--template' needs a template name") }
    variable = parsed.value("env") ?? "CLERK_TOKEN"
    guard Self.isVariableName(variable) else {
      throw UsageError(
        "'--env' must be an environment variable name (letters, digits and _, not starting "
          + "with a digit), got '\(variable)'")
    }
    minTTL = parsed.double("min-ttl") ?? 10
    guard minTTL >= 0, minTTL.isFinite else {
      throw UsageError("'--min-ttl' must be zero or a positive number of seconds")
    }
    command = parsed.trailing
    guard !command.isEmpty else { throw UsageError("missing argument '<command>'") }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    // Find the command first: a typo should not cost a token mint.
    _ = try ChildProcess.resolve(command[0], path: context.environment["PATH"])
    let result = try context.account().token(
      template: template, minTTL: minTTL, forceRefresh: false)
    var environment = context.environment
    environment[variable] = result.token.jwt
    environment[variable + "_EXPIRES_AT"] = String(result.token.expiresAt)
    return try ChildProcess.run(command, environment: environment)
  }

  /// Whether `name` is a portable environment variable name: `[A-Za-z_][A-Za-z0-9_]*`.
  static func isVariableName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "_"
    }
  }
}
