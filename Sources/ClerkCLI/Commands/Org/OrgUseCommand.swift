import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl org use ORG|--personal`: makes an organization the session's active one at Clerk,
/// or clears it.
package struct OrgUseCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "use",
      abstract: "Make an organization the session's active one, or clear it with --personal.",
      discussion: """
        ORG is an organization id (org_…) or slug. Clerk is told with the session touch \
        (active_organization_id), and the profile's cached tokens are dropped, since their \
        claims change; tokens minted afterwards carry the organization. An organization you \
        are not a member of is exit 6, listing yours. --json prints {schema_version, profile, \
        organization} (organization null, or {id, slug, name, role}).
        """,
      examples: [
        CommandExample("Mint tokens for the acme organization", "clerkctl org use acme"),
        CommandExample("Back to the personal account", "clerkctl org use --personal"),
      ],
      options: [Options.personal.spec],
      arguments: [
        ArgumentSpec(
          "org", help: "The organization's id or slug.", isOptional: true,
          valueKind: .organization)
      ])
  }

  /// The options of `org use`.
  package enum Options {
    package static let personal = OptionKey.flag(
      "personal", help: "Clear the active organization (personal account).")
  }

  /// The organization asked for; `nil` with `--personal`.
  package var organization: String?

  package init(parsed: ParsedArguments) throws {
    let personal = parsed[Options.personal]
    let given = parsed.positional(0)
    switch (given, personal) {
    case (nil, false):
      throw UsageError("name an organization (its slug or id), or pass --personal for none")
    case (.some, true):
      throw UsageError("pass an organization or --personal, not both")
    case (let reference?, false):
      guard !reference.isEmpty else { throw UsageError("the organization must not be empty") }
      organization = reference
    case (nil, true):
      organization = nil
    }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let (credential, membership) = try context.account().setActiveOrganization(organization)
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(credential.profile),
        "organization": OrganizationJSON.active(
          credential.activeOrganization, membership: membership),
      ]
      context.print(json.prettyEncoded)
    } else {
      let what =
        credential.activeOrganization == .personal
        ? "none (the personal account)"
        : OrganizationJSON.text(credential.activeOrganization, membership: membership)
      context.note(
        "Active organization: \(TerminalText.sanitized(what)); the profile's cached tokens "
          + "were dropped.")
    }
    return ExitCode.success.rawValue
  }
}
