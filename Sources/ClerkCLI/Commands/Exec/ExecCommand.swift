import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

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
        are forwarded to the command. Options end at the command.

        Tokens live about a minute. With --refresh, clerkctl stays the command's parent and \
        keeps fresh ones for it while it runs: NAME_FILE is a file (0600, in a private 0700 \
        directory) that always holds a token with at least --min-ttl seconds left, replaced \
        atomically; NAME_SOCKET is a Unix socket beside it, which only this user can reach, \
        that answers GET /token with a fresh token (text/plain; ?format=json for {jwt, \
        template, issued_at, expires_at, expires_in}); NAME_URL is a loopback URL for tools \
        that need TCP that answers the same GET carrying 'Authorization: Bearer \
        $NAME_URL_AUTH', and anything else with 401. All are removed when the command exits, \
        however it exits, and the command gets SIGTERM if clerkctl dies. Renewals share the \
        profile's token cache with every other clerkctl: one mint per token lifetime.
        """,
      examples: [
        CommandExample(
          "Run the tests with a Convex token", "clerkctl exec --template convex -- npm test"),
        CommandExample(
          "Keep a long job supplied with fresh tokens",
          "clerkctl exec --refresh --template convex -- ./migrate.sh"),
      ],
      options: [
        Options.template.spec, Options.variable.spec, OptionKey.minTTL.spec, Options.refresh.spec,
      ] + TokenCommand.MachineOptions.specs,
      arguments: [
        ArgumentSpec("command", help: "The program to run.", valueKind: .command),
        ArgumentSpec(
          "arg", help: "Its arguments.", isOptional: true, isRepeating: true, valueKind: .path),
      ],
      optionsEndAtFirstArgument: true)
  }

  /// The options of `exec` (`--min-ttl` is ``OptionKey``'s, shared with `token`).
  package enum Options {
    package static let template = OptionKey.string(
      "template", short: "t", value: "name", kind: .template, help: "Mint from this JWT template.")
    package static let variable = OptionKey.string(
      "env", value: "name", help: "The environment variable that receives the token.",
      defaultValue: "CLERK_TOKEN")
    package static let refresh = OptionKey.flag(
      "refresh", help: "Keep fresh tokens in NAME_FILE and at NAME_URL while the command runs.")
  }

  package var template: String?
  package var variable: String
  package var minTTL: Double
  package var refresh: Bool
  package var command: [String]
  /// `--token-format`, `--ttl`, `--claims` (machine profiles, `ExecCommand+Machine.swift`).
  package var machineOptions: TokenCommand.MachineTokenOptions

  package init(parsed: ParsedArguments) throws {
    machineOptions = try TokenCommand.MachineTokenOptions(parsed: parsed)
    template = parsed[Options.template]
    if let template { try TemplateName.validate(template) }
    variable = parsed[Options.variable]
    guard Self.isVariableName(variable) else {
      throw UsageError(
        "'--env' must be an environment variable name (letters, digits and _, not starting "
          + "with a digit), got '\(variable)'")
    }
    minTTL = parsed[.minTTL]
    refresh = parsed[Options.refresh]
    command = parsed.trailing
    guard !command.isEmpty else { throw UsageError("missing argument '<command>'") }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    try Self.refuseNestedRefresh(context, refresh: refresh)
    // Find the command first: a typo should not cost a token mint.
    _ = try ChildProcess.resolve(command[0], path: context.environment["PATH"])
    switch context.profileKind() {
    case .machine: return try runMachine(context)
    case .oauth:
      try machineOptions.refuse(on: .oauth)
      return try runOAuth(context)
    case let kind: try machineOptions.refuse(on: kind)
    }
    if template == nil, let configured = try context.defaultTemplate() {
      var resolved = self
      resolved.template = configured
      return try resolved.runUser(context)
    }
    return try runUser(context)
  }

  private func runUser(_ context: CommandContext) throws -> Int32 {
    if refresh { return try runRefreshing(context) }
    let result = try context.account().token(
      template: template, minTTL: minTTL, forceRefresh: false)
    var environment = childEnvironment(context)
    environment[variable] = result.token.jwt
    environment[variable + "_EXPIRES_AT"] = String(result.token.expiresAt)
    return try ChildProcess.run(command, environment: environment, gate: context.spawnGate)
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
