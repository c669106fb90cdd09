import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl api-key list`: the user's (or its active organization's) API keys, never secrets.
package struct APIKeyListCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "list",
      abstract: "List your API keys (never their secrets).",
      discussion: """
        One key a line: id, name, subject, scopes, created, expires, and revoked or expired. \
        Revoked and expired keys are listed too. --json prints {schema_version, profile, \
        api_keys: [{id, name, subject, description, scopes, claims, revoked, expired, \
        expires_at, created_at}]}.
        """,
      examples: [CommandExample("List your keys", "clerkctl api-key list")],
      options: [APIKeyCommand.organization.spec])
  }

  let organization: Bool

  package init(parsed: ParsedArguments) throws {
    organization = parsed[APIKeyCommand.organization]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let (client, credential, subject) = try context.account().apiKeys(
      owner: organization ? .activeOrganization : .user)
    let keys = try client.list(subject: subject, includeInvalid: true)
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(credential.profile),
        "api_keys": .array(keys.map(\.json)),
      ]
      context.print(json.prettyEncoded)
      return ExitCode.success.rawValue
    }
    guard !keys.isEmpty else {
      context.note("No API keys for \(subject).")
      return ExitCode.success.rawValue
    }
    let shown = TerminalText.sanitized
    let rows = keys.map { key in
      [
        shown(key.id), shown(key.name), shown(key.subject),
        key.scopes.isEmpty ? "-" : shown(key.scopes.joined(separator: ",")),
        key.createdAt.map(EpochTime.date) ?? "-",
        key.expiresAt.map(EpochTime.date) ?? "never",
        key.revoked ? "revoked" : key.expired ? "expired" : "valid",
      ]
    }
    context.print(OrgListCommand.columns(rows))
    return ExitCode.success.rawValue
  }
}
