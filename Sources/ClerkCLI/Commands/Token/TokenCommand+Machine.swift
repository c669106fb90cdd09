import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

/// `clerkctl token` on a machine profile: an M2M token (opaque `mt_…` or a JWT).
extension TokenCommand {
  /// The options of `token` on a machine profile (`exec` and `convex` take them too).
  package enum MachineOptions {
    package static let tokenFormat: OptionKey<MachineToken.Format?> = .choice(
      "token-format", value: "format",
      help: "On a machine profile: an opaque M2M token (mt_…) or a JWT.", shownDefault: .opaque)
    package static let ttl = OptionKey.string(
      "ttl", value: "seconds",
      help: "On a machine profile: the M2M token's lifetime (default: the machine's).")
    package static let claims = OptionKey.string(
      "claims", value: "json",
      help: "On a machine profile: custom claims, as JSON or @FILE (e.g. {\"aud\":\"convex\"}).")

    /// Every machine token option's spec.
    package static var specs: [OptionSpec] { [tokenFormat.spec, ttl.spec, claims.spec] }
  }

  /// The machine token options given, or `nil` when none was.
  package struct MachineTokenOptions: Sendable {
    package var format: MachineToken.Format?
    package var ttl: Int64?
    /// `--claims` as given (JSON text or `@FILE`), read at run time.
    package var claims: String?

    package init(parsed: ParsedArguments) throws {
      format = parsed[MachineOptions.tokenFormat]
      if let text = parsed[MachineOptions.ttl] {
        guard let value = Int64(text), value > 0 else {
          throw UsageError("'--ttl' takes a whole number of seconds above 0, got '\(text)'")
        }
        ttl = value
      }
      claims = parsed[MachineOptions.claims]
    }

    /// Whether any was given.
    package var isGiven: Bool { format != nil || ttl != nil || claims != nil }

    /// The request, `--claims` read (a file with `@FILE`) and checked to be a JSON object;
    /// `defaultClaims` when `--claims` is absent.
    package func request(
      format defaultFormat: MachineToken.Format = .opaque, defaultClaims: JSONValue? = nil
    ) throws -> MachineTokenRequest {
      var parsedClaims = defaultClaims
      if let claims {
        let text: String
        if claims.hasPrefix("@") {
          let path = String(claims.dropFirst())
          guard let bytes = try? LocalFile.read(path, limit: 1 << 20, regularOnly: false) else {
            throw UsageError("cannot read the claims file '\(path)'")
          }
          text = String(decoding: bytes, as: UTF8.self)
        } else {
          text = claims
        }
        guard let value = try? JSONValue(parsing: text), value.objectValue != nil else {
          throw UsageError("'--claims' must be a JSON object (or @FILE holding one)")
        }
        parsedClaims = value
      }
      return MachineTokenRequest(format: format ?? defaultFormat, ttl: ttl, claims: parsedClaims)
    }

    /// Refuses machine token options on a profile of another kind.
    package func refuse(on kind: ProfileKind) throws {
      guard isGiven else { return }
      throw UsageError(
        "--token-format, --ttl and --claims are for machine profiles; this profile is "
          + "\(kind.rawValue)")
    }
  }

  /// `token` on a machine profile; `profile` and `stored`: its name and credential as `run`
  /// read them.
  func runMachine(
    _ context: CommandContext, profile: String?, stored: ProfileCredential?
  ) throws -> Int32 {
    if template != nil {
      throw UsageError("a machine profile has no JWT templates; drop --template")
    }
    let account = try context.machineAccount(profile: profile)
    let request = try machineOptions.request()
    if let output {
      try TokenFile(path: output).checkWritable()
      if watch { return try runMachineWatch(context, account, request, TokenFile(path: output)) }
      let result = try account.token(
        request, minTTL: minTTL, forceRefresh: forceRefresh, stored: stored)
      try TokenFile(path: output).write(Self.machineFileContent(result, format: format ?? .raw))
      return ExitCode.success.rawValue
    }
    let result = try account.token(
      request, minTTL: minTTL, forceRefresh: forceRefresh, stored: stored)
    switch format ?? (context.globals.json ? .json : .raw) {
    case .header: context.print("Authorization: Bearer \(result.token.token)")
    case .json: context.print(Self.machineJSON(result).prettyEncoded)
    case .raw: context.print(result.token.token)
    case .env:
      context.print(Self.envLines(token: result.token.token, expiresAt: result.token.expiresAt))
    }
    return ExitCode.success.rawValue
  }

  static func machineFileContent(_ result: MachineAccount.TokenResult, format: Format) -> String {
    switch format {
    case .raw: result.token.token
    case .header: "Authorization: Bearer \(result.token.token)"
    case .json: machineJSON(result).prettyEncoded
    case .env: envLines(token: result.token.token, expiresAt: result.token.expiresAt) + "\n"
    }
  }

  /// The `--json` object of a machine token.
  static func machineJSON(_ result: MachineAccount.TokenResult) -> JSONValue {
    [
      "schema_version": 1, "profile": .string(result.credential.profile), "kind": "machine",
      "token": .string(result.token.token), "token_format": .string(result.token.format.rawValue),
      "token_id": .string(result.token.id), "subject": .string(result.token.subject),
      "scopes": .array(result.token.scopes.map(JSONValue.string)),
      "expires_at": .int(result.token.expiresAt), "expires_in": .int(result.expiresIn),
      "cached": .bool(!result.created),
    ]
  }
}

extension TokenCommand {
  /// `token --output FILE --watch` on a machine profile.
  func runMachineWatch(
    _ context: CommandContext, _ account: MachineAccount, _ request: MachineTokenRequest,
    _ file: TokenFile
  ) throws -> Int32 {
    try watch(context, file, source: .machine(account, request))
  }
}
