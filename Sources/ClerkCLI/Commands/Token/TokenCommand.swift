import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

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

        --output FILE writes the token to FILE instead (0600, replaced atomically; in \
        --format, the JWT alone by default). With --watch, clerkctl keeps FILE fresh until \
        SIGINT or SIGTERM (exit 0, FILE kept): it writes a new token before the old one has \
        less than --min-ttl seconds left, keeps the old one while a renewal fails and retries \
        with backoff, and prints one line per renewal or failure on stderr (--json: one JSON \
        object per line: {schema_version, profile, event, file, …}). When the session ends it \
        removes FILE and exits 4. Watchers and token calls on one profile share each mint.

        On a machine profile (clerkctl login --machine) it prints an M2M token: \
        --token-format opaque|jwt (default opaque), --ttl SECONDS, --claims JSON|@FILE; cached \
        per (format, ttl, claims); an opaque creation sends min_remaining_ttl_seconds = \
        --min-ttl so Clerk reuses a live token across runners; --min-ttl not below --ttl is a \
        usage error before anything is sent; --template is a usage error. --json prints \
        {schema_version, profile, kind, token, token_format, token_id, subject, scopes, \
        expires_at, expires_in, cached}.

        On an OAuth profile (clerkctl login --client-id, clerkctl mcp login) it prints the \
        access token, refreshed with the refresh token when less than --min-ttl is left (one \
        refresh however many processes ask; a rotated refresh token is stored atomically); \
        --id-token prints the ID token. --json prints {schema_version, profile, kind, token, \
        token_type, client_id, scopes, issued_at, expires_at, expires_in, cached}. An access \
        token is an OAuth token (typ at+jwt), not a session token: send it to backends that \
        accept OAuth tokens (Clerk's acceptsToken 'oauth_token', MCP servers), not to Convex.
        """,
      examples: [
        CommandExample("Print a token for a Convex backend", "clerkctl token --template convex"),
        CommandExample(
          "Print an Authorization header", "clerkctl token --template convex --format header"),
        CommandExample(
          "Keep a token file fresh for another program",
          "clerkctl token --template convex --output ~/.cache/convex.jwt --watch"),
      ],
      options: [
        Options.template.spec, OptionKey.minTTL.spec, Options.forceRefresh.spec,
        Options.format.spec, Options.output.spec, Options.watch.spec,
      ] + MachineOptions.specs + [OAuthOptions.idToken.spec])
  }

  /// The options of `token` (`--min-ttl` is ``OptionKey``'s, shared with `exec`).
  package enum Options {
    package static let template = OptionKey.string(
      "template", short: "t", value: "name", kind: .template,
      help: "Mint from this JWT template (convex for Convex); default the session token.")
    package static let forceRefresh = OptionKey.flag(
      "force-refresh", help: "Always mint a new token.")
    package static let format: OptionKey<Format?> = .choice(
      "format", value: "format",
      help: "raw: the JWT; header: Authorization: Bearer JWT; json: the JWT and its times.",
      shownDefault: .raw)
    package static let output = OptionKey.string(
      "output", value: "file", kind: .path,
      help: "Write the token to this file (0600, replaced atomically) instead of stdout.")
    package static let watch = OptionKey.flag(
      "watch",
      help: "With --output: keep the file fresh until SIGINT or SIGTERM, or the session ends.")
  }

  /// `--format`: what is printed (or written to `--output`).
  package enum Format: String, CaseIterable, Sendable {
    case raw, header, json, env
  }

  package var template: String?
  package var minTTL: Double
  /// Whether `--min-ttl` was given (else the profile's `min_ttl` may set it).
  var minTTLGiven = true
  package var forceRefresh: Bool
  package var format: Format?
  package var output: String?
  package var watch: Bool
  /// `--token-format`, `--ttl`, `--claims` (machine profiles, `TokenCommand+Machine.swift`).
  package var machineOptions: MachineTokenOptions
  /// `--id-token` (OAuth profiles, `TokenCommand+OAuth.swift`).
  package var idToken: Bool

  package init(parsed: ParsedArguments) throws {
    idToken = parsed[OAuthOptions.idToken]
    machineOptions = try MachineTokenOptions(parsed: parsed)
    template = parsed[Options.template]
    if let template { try TemplateName.validate(template) }
    minTTL = parsed[.minTTL]
    minTTLGiven = !parsed.values(of: OptionKey.minTTL.spec).isEmpty
    forceRefresh = parsed[Options.forceRefresh]
    format = parsed[Options.format]
    output = parsed[Options.output]
    if let output, output.isEmpty { throw UsageError("'--output' needs a file name") }
    watch = parsed[Options.watch]
    if watch, output == "-" { throw UsageError("'--watch' keeps a file fresh; '-' is stdout") }
    if output == "-" { output = nil }
    if watch, output == nil { throw UsageError("'--watch' needs '--output FILE'") }
    // With --output, --format says what the file holds and --json how --watch reports.
    if let format, format != .json, parsed[.json], output == nil {
      throw UsageError("'--json' and '--format \(format.rawValue)' disagree; use one of them")
    }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    // The profile's name (config.json) and file are read once for the whole cache hit: the
    // kind comes from the same read the cache is looked up in. When either cannot be read, the
    // kind is `user` (as `profileKind()` has it) and the account reads again to say why.
    let profile = try? context.profileName()
    let stored = profile.flatMap { name in try? context.profileStore().load(profile: name) }
    let kind = stored?.kind ?? .user
    try Self.refuseIDToken(idToken, on: kind)
    switch kind {
    case .machine: return try runMachine(context, profile: profile, stored: stored)
    case .oauth:
      try machineOptions.refuse(on: kind)
      return try runOAuth(context)
    case let kind: try machineOptions.refuse(on: kind)
    }
    if template == nil || !minTTLGiven {
      var resolved = self
      resolved.template = try template ?? context.defaultTemplate(profile: profile, kind: kind)
      if !minTTLGiven { resolved.minTTL = context.defaultMinTTL(minTTL, profile: profile) }
      resolved.minTTLGiven = true
      return try resolved.runResolved(context, profile: profile, stored: stored)
    }
    return try runResolved(context, profile: profile, stored: stored)
  }

  /// Prints (or writes) the token; `profile` and `stored`: the profile's name and credential
  /// as `run` read them (`nil`: read them here, reporting why they cannot be).
  private func runResolved(
    _ context: CommandContext, profile: String?, stored: ProfileCredential?
  ) throws -> Int32 {
    // `-` is stdout, as curl's `-o -` is (and as `-` is elsewhere in clerkctl).
    if let output { return try runWriting(context, to: TokenFile(path: output)) }
    let account = try context.account(profile: profile)
    let result = try account.token(
      template: template, minTTL: minTTL, forceRefresh: forceRefresh, stored: stored)
    let jwt = result.token.jwt
    switch format ?? (context.globals.json ? .json : .raw) {
    case .header:
      context.print("Authorization: Bearer \(jwt)")
    case .json:
      context.print(Self.json(result, template: template).prettyEncoded)
    case .raw:
      context.print(jwt)
    case .env:
      context.print(Self.envLines(token: jwt, expiresAt: result.token.expiresAt))
    }
    return ExitCode.success.rawValue
  }

  /// The `--format json` object for `result`.
  static func json(_ result: ClerkAccount.TokenResult, template: String?) -> JSONValue {
    [
      "schema_version": 1, "profile": .string(result.credential.profile),
      "jwt": .string(result.token.jwt),
      "template": template.map(JSONValue.string) ?? .null,
      "user_id": result.credential.userID.map(JSONValue.string) ?? .null,
      "session_id": result.credential.sessionID.map(JSONValue.string) ?? .null,
      "issued_at": .int(result.token.issuedAt),
      "expires_at": .int(result.token.expiresAt),
      "expires_in": .int(result.expiresIn), "cached": .bool(!result.minted),
    ]
  }
}
