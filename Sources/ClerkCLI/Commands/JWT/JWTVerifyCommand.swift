import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlJOSE

/// `clerkctl jwt verify`: checks a JWT's RS256 signature and claims.
package struct JWTVerifyCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "verify",
      abstract: "Verify a JWT's signature and claims and print the claims as JSON.",
      discussion: """
        Checks the RS256 signature against --jwks, or the keys found through OIDC discovery \
        from --issuer (default: the selected profile's instance; never the token's own iss). \
        Through discovery, the token's iss must be that issuer (a trailing / aside); with \
        --jwks, --issuer only requires iss to match. Rejects alg none, HMAC and unknown kid, \
        and checks exp, nbf and iat. --category requires the class Clerk stamps in the \
        header's cat (session, template or m2m). Prints the verified claims on success; exits 9 with the \
        reason when the token is invalid or larger than 64 KiB, 5 when the keys cannot be \
        fetched, 2 when there is neither --jwks, --issuer nor a signed-in profile.
        """,
      examples: [
        CommandExample(
          "Verify a Convex token", "clerkctl token --template convex | clerkctl jwt verify"),
        CommandExample(
          "Verify against a saved key set",
          "clerkctl jwt verify --jwks jwks.json --audience convex -"),
      ],
      options: [
        Options.jwks.spec, Options.issuer.spec, Options.audience.spec, Options.leeway.spec,
        Options.category.spec,
      ],
      arguments: [
        ArgumentSpec("token", help: "The JWT; - or nothing reads it from stdin.", isOptional: true)
      ])
  }

  /// The token argument (`-` or `nil`: stdin).
  /// The options of `jwt verify`.
  package enum Options {
    package static let jwks = OptionKey.string(
      "jwks", value: "file-or-url", kind: .path,
      help: "The JWKS to verify against: a file, or an https (or loopback http) URL.")
    package static let issuer = OptionKey.string(
      "issuer", value: "url", kind: .url,
      help: "Find the keys through this issuer's OIDC discovery; default the profile's instance.")
    package static let audience = OptionKey.string(
      "audience", value: "aud", help: "Require the aud claim to contain this value.")
    package static let leeway = OptionKey.seconds(
      "leeway", help: "Clock skew allowed when checking exp, nbf and iat.", defaultValue: 0)
    package static let category = OptionKey<ClerkTokenCategory?>.choice(
      "category", value: "category",
      help: "Require the header's cat to mark this class of Clerk token.")
  }

  let token: String?
  /// `--jwks`: a file path or a URL.
  let jwks: String?
  /// `--issuer`.
  let issuer: String?
  /// `--audience`.
  let audience: String?
  /// `--leeway`, seconds.
  let leeway: Double
  /// `--category`: the class the header's `cat` must name.
  let category: ClerkTokenCategory?

  package init(parsed: ParsedArguments) throws {
    token = parsed.positional(0)
    jwks = parsed[Options.jwks]
    issuer = parsed[Options.issuer]
    audience = parsed[Options.audience]
    leeway = parsed[Options.leeway]
    category = parsed[Options.category]
    for (option, value) in [
      (Options.jwks, jwks), (Options.issuer, issuer), (Options.audience, audience),
    ]
    where value?.isEmpty == true {
      throw UsageError("'\(option.spec.longFlag)' must not be empty")
    }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let text = try context.tokenInput(token)
    // Refuse what can never verify before reaching the network for keys.
    let unverified = try JWT(text)
    guard unverified.algorithm == "RS256" else {
      throw JWTError.unsupportedAlgorithm(
        unverified.header["alg"].map { $0.stringValue ?? $0.encoded })
    }
    if let category, ClerkTokenCategory(header: unverified.header) != category {
      throw JWTError.wrongCategory(
        expected: category, got: ClerkTokenCategory.describe(header: unverified.header))
    }
    let (keys, requiredIssuer) = try keySet(for: unverified, context: context)
    let options = JWTVerifier.Options(
      leeway: leeway,
      issuer: requiredIssuer.map { Self.issuerToRequire($0, of: unverified) },
      audience: audience, now: context.clock.now())
    let claims = try JWTVerifier(keys: keys).verify(text, options: options)
    context.print(claims.prettyEncoded)
    return ExitCode.success.rawValue
  }

  /// The `iss` value to require: the token's own when it equals `issuer` up to one trailing
  /// `/` on either, else `issuer` itself (so the mismatch is reported against it).
  static func issuerToRequire(_ issuer: String, of token: JWT) -> String {
    guard let iss = token.payload["iss"]?.stringValue,
      trimmingOneSlash(iss) == trimmingOneSlash(issuer)
    else { return issuer }
    return iss
  }

  static func trimmingOneSlash(_ text: String) -> Substring {
    text.hasSuffix("/") ? text.dropLast() : Substring(text)
  }
}
