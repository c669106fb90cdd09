import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl testing-token`: a Clerk testing token for Clerk's testing helpers.
package struct TestingTokenCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "testing-token",
      abstract: "Print a Clerk testing token (for CLERK_TESTING_TOKEN); needs CLERK_SECRET_KEY.",
      discussion: """
        Asks the Backend API (POST /v1/testing_tokens, with CLERK_SECRET_KEY) for a token that \
        Clerk's testing helpers (@clerk/testing) read from CLERK_TESTING_TOKEN and send as \
        __clerk_testing_token to bypass bot protection. --json prints {schema_version, token, \
        expires_at}.
        """,
      examples: [
        CommandExample(
          "Hand a testing token to Playwright",
          "CLERK_TESTING_TOKEN=$(clerkctl testing-token) npx playwright test")
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    let backend = try context.backendClient(for: "testing-token")
    let (token, expiresAt) = try backend.createTestingToken()
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "token": .string(token),
        "expires_at": expiresAt.map(JSONValue.int) ?? .null,
      ]
      context.print(json.prettyEncoded)
    } else {
      context.print(token)
    }
    return ExitCode.success.rawValue
  }
}
