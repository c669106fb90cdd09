import ClerkctlCore
import ClerkctlKit

/// `whoami` on a profile of kind `api_key`: what is known about the key (never the key).
extension WhoamiCommand {
  func runAPIKey(_ credential: ProfileCredential, _ context: CommandContext) -> Int32 {
    let key = credential.apiKey
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(credential.profile), "kind": "api_key",
        "id": key?.id.map(JSONValue.string) ?? .null,
        "subject": key?.subject.map(JSONValue.string) ?? .null,
        "scopes": .array((key?.scopes ?? []).map(JSONValue.string)),
        "name": key?.name.map(JSONValue.string) ?? .null,
      ]
      context.print(json.prettyEncoded)
      return ExitCode.success.rawValue
    }
    let shown = TerminalText.sanitized
    context.print(
      """
      kind:     api_key
      key:      \(shown(key?.id ?? "(id not known: stored without verifying)"))
      subject:  \(shown(key?.subject ?? "?"))
      scopes:   \(shown(key?.scopes.isEmpty == false ? key?.scopes.joined(separator: ",") ?? "" : "(none)"))
      profile:  \(shown(credential.profile))
      """)
    return ExitCode.success.rawValue
  }
}
