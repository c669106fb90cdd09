import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl api-key verify [KEY|-]`: what the Backend API says about a key.
package struct APIKeyVerifyCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "verify",
      abstract: "Check an API key with the Backend API (needs CLERK_SECRET_KEY).",
      discussion: """
        Asks the Backend API (POST /api_keys/verify) about the key from the argument, or \
        from stdin when it is - or left out. Prints the key's id, name, subject, scopes and \
        claims as JSON; exit 9 when the key is revoked, expired or unknown.
        """,
      examples: [
        CommandExample(
          "Check a key from a secret store", "printenv MYAPP_API_KEY | clerkctl api-key verify -")
      ],
      arguments: [
        ArgumentSpec("key", help: "The key (ak_…), or - for stdin.", isOptional: true)
      ])
  }

  let argument: String?

  package init(parsed: ParsedArguments) throws {
    argument = parsed.positional(0)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let backend = try context.backendClient(for: "api-key verify")
    let secret = try context.tokenInput(argument)
    guard let (key, _) = try backend.verifyAPIKey(secret) else {
      throw APIKeyInvalid()
    }
    var json = key.json.objectValue ?? [:]
    json["schema_version"] = 1
    context.print(JSONValue.object(json).prettyEncoded)
    return ExitCode.success.rawValue
  }
}

/// The Backend API does not know a key as a valid API key: exit 9.
struct APIKeyInvalid: Error, CustomStringConvertible, ExitCodeProviding {
  var description: String {
    "the API key is not valid: Clerk knows no such API key, or it was revoked or has expired"
  }
  var exitCode: ExitCode { .jwtInvalid }
}
