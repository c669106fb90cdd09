import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl api-key revoke ID`: the key stops working at once.
package struct APIKeyRevokeCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "revoke",
      abstract: "Revoke an API key: its next verification fails.",
      discussion: "--json prints {schema_version, profile, api_key: {…}}.",
      examples: [
        CommandExample("Revoke a key", "clerkctl api-key revoke ak_… --reason rotated")
      ],
      options: [Options.reason.spec],
      arguments: [ArgumentSpec("id", help: "The key's id (ak_…), as api-key list shows it.")])
  }

  enum Options {
    static let reason = OptionKey.string(
      "reason", value: "text", help: "Why it is revoked (kept by Clerk).")
  }

  let id: String
  let reason: String?

  package init(parsed: ParsedArguments) throws {
    guard let id = parsed.positional(0), !id.isEmpty else {
      throw UsageError("api-key revoke needs the key's id (ak_…)")
    }
    self.id = id
    reason = parsed[Options.reason]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let (client, credential, _) = try context.account().apiKeys(owner: .user)
    let key = try client.revoke(id: id, reason: reason)
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(credential.profile), "api_key": key.json,
      ]
      context.print(json.prettyEncoded)
    }
    context.note("Revoked API key \(TerminalText.sanitized(key.id)).")
    return ExitCode.success.rawValue
  }
}
