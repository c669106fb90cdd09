/// `clerkctl jwt verify`: checks a JWT's RS256 signature and claims.
package struct JWTVerifyCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "verify",
      abstract: "Verify a JWT's signature and claims and print the claims as JSON.",
      discussion: """
        Checks the RS256 signature against --jwks, or the keys found through OIDC discovery \
        from --issuer (default: the token's iss). Rejects alg none, HMAC and unknown kid. \
        Exits 9 with the reason when the token is invalid.
        """,
      examples: [
        CommandExample(
          "Verify a Convex token", "clerkctl token --template convex | clerkctl jwt verify")
      ],
      options: [
        .option("jwks", value: "file-or-url", kind: .path, help: "The JWKS to verify against."),
        .option(
          "issuer", value: "url", kind: .url,
          help: "Find the keys through this issuer's OIDC discovery; default the token's iss."),
        .option("audience", value: "aud", help: "Require the aud claim to match."),
        .option(
          "leeway", value: "seconds", kind: .seconds,
          help: "Clock skew allowed when checking exp and nbf.", defaultValue: "0"),
      ],
      arguments: [
        ArgumentSpec("token", help: "The JWT; - or nothing reads it from stdin.", isOptional: true)
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl jwt verify")
  }
}
