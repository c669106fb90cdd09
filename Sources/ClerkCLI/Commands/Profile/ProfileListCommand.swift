import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl profile list`: the stored profiles, the one in force marked.
package struct ProfileListCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "list",
      abstract: "Print the stored profile names, the one in force marked with '*'.",
      discussion: """
        One name a line on stdout. --json prints {schema_version, profiles: [{profile, \
        current, kind, store, fapi_url, user_id, email, identifier}]}; store is where the \
        secret is kept (file or keyring).
        """)
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    let store = try context.profileStore()
    let current = try context.profileName()
    var entries: [JSONValue] = []
    var lines: [String] = []
    for name in store.listProfiles() {
      let credential = try? store.load(profile: name)
      entries.append([
        "profile": .string(name), "current": .bool(name == current),
        "kind": credential.map { .string($0.kind.rawValue) } ?? .null,
        "store": store.secretLocation(profile: name).map { .string($0.rawValue) } ?? .null,
        "fapi_url": credential.map { .string($0.fapiURL) } ?? .null,
        "user_id": credential?.userID.map(JSONValue.string) ?? .null,
        "email": credential?.email.map(JSONValue.string) ?? .null,
        "identifier": credential?.shownIdentifier.map(JSONValue.string) ?? .null,
      ])
      lines.append(name == current ? "\(name) *" : name)
    }
    if context.globals.json {
      let json: JSONValue = ["schema_version": 1, "profiles": .array(entries)]
      context.print(json.prettyEncoded)
    } else if lines.isEmpty {
      context.note("No profiles in \(store.directory.path); sign in with 'clerkctl login'.")
    } else {
      // File names: no control characters reach the terminal.
      context.print(lines.map(TerminalText.sanitized).joined(separator: "\n"))
    }
    return ExitCode.success.rawValue
  }
}
