import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import ClerkctlKit

/// `clerkctl m2m verify [TOKEN|-]`.
package struct M2MVerifyCommand: Command {
  /// The `cat` header value that marks an M2M JWT.
  static let m2mCategory = "cl_B7d4PD333AAA"

  package static var spec: CommandSpec {
    CommandSpec(
      name: "verify",
      abstract: "Verify an M2M token (a JWT networkless, an opaque one through the Backend API).",
      discussion: """
        A JWT is checked against the keys of --issuer (default: the instance of --fapi-url, \
        CLERK_FAPI_URL or the publishable key, else the machine profile's Backend API), never \
        its own iss. Exit 9 when the token is invalid, expired, revoked or not an M2M token.
        """,
      examples: [
        CommandExample("Verify a token from a pipe", "clerkctl token | clerkctl m2m verify -")
      ],
      options: [Options.scope.spec, Options.issuer.spec],
      arguments: [
        ArgumentSpec(
          "token", help: "The token; - or nothing reads it from stdin.", isOptional: true)
      ])
  }

  package enum Options {
    package static let scope = OptionKey.string(
      "scope", value: "machine", help: "Require this machine (mch_…) in the token's scopes.")
    package static let issuer = OptionKey.string(
      "issuer", value: "url", kind: .url, help: "The instance whose keys verify a JWT.")
  }

  let token: String?
  let scope: String?
  let issuer: String?

  package init(parsed: ParsedArguments) throws {
    token = parsed.positional(0)
    scope = parsed[Options.scope]
    issuer = parsed[Options.issuer]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let text = try context.tokenInput(token)
    let verified: JSONValue
    if text.split(separator: ".").count == 3 {
      verified = try verifyJWT(text, context)
    } else if text.hasPrefix("mt_") {
      verified = try verifyOpaque(text, context)
    } else {
      throw MachineAuthError.tokenInvalid("not an M2M token (neither a JWT nor mt_…)")
    }
    if let scope {
      let scopes = verified["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? []
      guard scopes.contains(scope) else {
        throw MachineAuthError.tokenInvalid("'\(scope)' is not in the token's scopes")
      }
    }
    context.print(verified.prettyEncoded)
    return ExitCode.success.rawValue
  }

  private func verifyJWT(_ text: String, _ context: CommandContext) throws -> JSONValue {
    let unverified = try JWT(text)
    guard unverified.header["cat"]?.stringValue == Self.m2mCategory else {
      throw MachineAuthError.tokenInvalid(
        "not an M2M token (its cat header is not \(Self.m2mCategory))")
    }
    let issuer = try self.issuer ?? defaultIssuer(context)
    let iss = unverified.payload["iss"]?.stringValue ?? ""
    guard Self.trimmed(iss) == Self.trimmed(issuer) else {
      throw MachineAuthError.tokenInvalid("issued by \(iss), not \(issuer)")
    }
    let keys = try OIDCDiscovery(http: context.httpClient()).fetchJWKS(
      url: Self.trimmed(issuer) + "/.well-known/jwks.json")
    let claims = try JWTVerifier(keys: keys).verify(
      text, options: JWTVerifier.Options(leeway: 0, issuer: iss, now: context.clock.now()))
    var object = claims.objectValue ?? [:]
    // Clerk's SDKs read the scopes from the scopes claim, else aud.
    if object["scopes"] == nil {
      let aud = object["aud"]
      object["scopes"] = aud?.arrayValue.map(JSONValue.array) ?? aud.map { .array([$0]) }
    }
    return [
      "object": "machine_to_machine_token", "token_format": "jwt",
      "id": object["jti"] ?? .null, "subject": object["sub"] ?? .null,
      "scopes": object["scopes"] ?? .array([]), "claims": .object(object),
      "expires_at": object["exp"] ?? .null,
    ]
  }

  private func defaultIssuer(_ context: CommandContext) throws -> String {
    if !context.instanceSettings.isEmpty { return try context.fapiURL(stored: nil) }
    if context.profileKind() == .machine {
      return try context.machineAccount().requireCredential().1.apiURL
    }
    let profile = try context.profileName()
    if let credential = try context.profileStore().load(profile: profile),
      !credential.fapiURL.isEmpty
    {
      return credential.fapiURL
    }
    throw UsageError("no instance to verify against: pass --issuer URL or set CLERK_FAPI_URL")
  }

  private func verifyOpaque(_ text: String, _ context: CommandContext) throws -> JSONValue {
    let client = try M2MClients.client(context, preferSecretKey: true)
    do {
      return try client.api.verifyToken(text)
    } catch let refusal as MachineAPIClient.Refusal {
      if [400, 404].contains(refusal.error.status) {
        throw MachineAuthError.tokenInvalid(
          "Clerk does not accept it (unknown, revoked, expired or not for this machine)")
      }
      throw client.explain(refusal)
    }
  }

  static func trimmed(_ url: String) -> String {
    url.hasSuffix("/") ? String(url.dropLast()) : url
  }
}
