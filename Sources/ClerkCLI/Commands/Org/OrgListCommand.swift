import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl org list`: the user's organization memberships, the active one marked.
package struct OrgListCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "list",
      abstract: "Print your Clerk organizations, the session's active one marked with '*'.",
      discussion: """
        One membership a line: slug, name, role (as Clerk names it, e.g. org:admin) and id, \
        as Clerk reports them now. --json prints {schema_version, profile, organizations: \
        [{id, slug, name, role, active}]}.
        """,
      examples: [CommandExample("List your organizations", "clerkctl org list")])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    let (credential, memberships) = try context.account().organizations()
    CompletionCache.record(
      organizations: memberships.map { $0.slug ?? $0.organizationID },
      profile: credential.profile, context)
    let activeID = credential.activeOrganization.id
    if context.globals.json {
      let entries = memberships.map { membership -> JSONValue in
        var object = OrganizationJSON.object(membership).objectValue ?? [:]
        object["active"] = .bool(membership.organizationID == activeID)
        return .object(object)
      }
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(credential.profile),
        "organizations": .array(entries),
      ]
      context.print(json.prettyEncoded)
      return ExitCode.success.rawValue
    }
    guard !memberships.isEmpty else {
      context.note("You are a member of no organization in this Clerk instance.")
      return ExitCode.success.rawValue
    }
    let shown = TerminalText.sanitized
    let rows = memberships.map { membership in
      [
        membership.organizationID == activeID ? "*" : " ",
        shown(membership.slug ?? "-"), shown(membership.name), shown(membership.role),
        shown(membership.organizationID),
      ]
    }
    context.print(Self.columns(rows))
    if activeID == nil {
      context.note("No organization is active; choose one with 'clerkctl org use SLUG'.")
    }
    return ExitCode.success.rawValue
  }

  /// `rows` as left-aligned columns two spaces apart, the last one unpadded.
  static func columns(_ rows: [[String]]) -> String {
    let widths = (0..<(rows.first?.count ?? 0)).map { column in
      rows.map { $0[column].count }.max() ?? 0
    }
    return rows.map { row in
      var line = ""
      for (index, cell) in row.enumerated() {
        line += cell
        if index < row.count - 1 {
          line += String(repeating: " ", count: widths[index] - cell.count + 2)
        }
      }
      return line
    }.joined(separator: "\n")
  }
}
