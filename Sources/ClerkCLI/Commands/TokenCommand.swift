import ClerkKit

/// `clerkctl token`: prints a JWT for the signed-in session.
package struct TokenCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "token",
      abstract: "Print a JWT for the signed-in session.",
      discussion: """
        Reuses a cached token while it has at least --min-ttl seconds left; otherwise mints one \
        with a single request and caches it. Never prompts and never signs in. --json (or \
        --format json) prints {schema_version, profile, jwt, template, user_id, session_id, \
        issued_at, expires_at, expires_in, cached}: times in epoch seconds, cached true when no \
        request was made. --json with --format raw or header is a usage error.
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

  package var template: String?
  package var minTTL: Double
  package var forceRefresh: Bool
  package var format: String?

  package init(parsed: ParsedArguments) throws {
    template = parsed.value("template")
    if let template, template.isEmpty { throw UsageError("'--template' needs a template name") }
    minTTL = parsed.double("min-ttl") ?? 10
    guard minTTL >= 0, minTTL.isFinite else {
      throw UsageError("'--min-ttl' must be zero or a positive number of seconds")
    }
    forceRefresh = parsed.flag("force-refresh")
    format = parsed.value("format")
    if let format, format != "json", parsed.flag("json") {
      throw UsageError("'--json' and '--format \(format)' disagree; use one of them")
    }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let account = try context.account()
    let result = try account.token(
      template: template, minTTL: minTTL, forceRefresh: forceRefresh)
    let jwt = result.token.jwt
    switch format ?? (context.globals.json ? "json" : "raw") {
    case "header":
      context.print("Authorization: Bearer \(jwt)")
    case "json":
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(result.credential.profile),
        "jwt": .string(jwt),
        "template": template.map(JSONValue.string) ?? .null,
        "user_id": result.credential.userID.map(JSONValue.string) ?? .null,
        "session_id": result.credential.sessionID.map(JSONValue.string) ?? .null,
        "issued_at": .int(result.token.issuedAt),
        "expires_at": .int(result.token.expiresAt),
        "expires_in": .int(result.expiresIn), "cached": .bool(!result.minted),
      ]
      context.print(json.prettyEncoded)
    default:
      context.print(jwt)
    }
    return ExitCode.success.rawValue
  }
}
