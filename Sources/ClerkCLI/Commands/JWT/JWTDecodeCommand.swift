import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl jwt decode`: prints a JWT's header and payload without verifying it.
package struct JWTDecodeCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "decode",
      abstract: "Print a JWT's header and payload as JSON, without verifying it.",
      discussion: """
        Prints {"header": …, "payload": …}. Nothing is checked but the token's shape: use \
        'clerkctl jwt verify' before relying on any claim. The iat, nbf and exp claims are \
        also shown as UTC times on stderr, and the category Clerk stamps in the header's cat \
        (session, template, M2M or unknown). Exits 9 when the token is malformed.
        """,
      examples: [CommandExample("Decode a fresh token", "clerkctl token | clerkctl jwt decode")],
      arguments: [
        ArgumentSpec("token", help: "The JWT; - or nothing reads it from stdin.", isOptional: true)
      ])
  }

  /// The token argument (`-` or `nil`: stdin).
  let token: String?

  package init(parsed: ParsedArguments) throws {
    token = parsed.positional(0)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let jwt = try JWT(try context.tokenInput(token))
    let decoded: JSONValue = ["header": jwt.header, "payload": jwt.payload]
    context.print(decoded.prettyEncoded)
    context.note(
      "clerkctl: the signature was NOT verified; use 'clerkctl jwt verify' to check it")
    context.note("clerkctl: category \(ClerkTokenCategory.describe(header: jwt.header))")
    let now = context.clock.epochSeconds
    for claim in ["iat", "nbf", "exp"] {
      guard let seconds = jwt.payload[claim]?.intValue else { continue }
      context.note("clerkctl: \(claim) \(EpochTime.text(seconds, now: now))")
    }
    return ExitCode.success.rawValue
  }
}
