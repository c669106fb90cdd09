import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit
import ClerkctlWire

/// `clerkctl whoami`: who the profile is signed in as.
package struct WhoamiCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "whoami",
      abstract: "Print who the profile is signed in as.",
      discussion: """
        Prints the user id, email (else the phone number or username signed in with), session \
        id, instance and active organization. Checks the session with Clerk unless --offline. \
        --json prints {schema_version, profile, user_id, email, identifier, session_id, \
        fapi_url, session_status, organization} (identifier: the email, else the phone \
        number, else the username; session_status null with \
        --offline; organization null, or {id, slug, name, role} — with --offline only the id \
        is known).
        """,
      options: [OptionKey.offline.spec])
  }

  package var offline: Bool

  package init(parsed: ParsedArguments) throws {
    offline = parsed[OptionKey.offline]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    switch context.profileKind() {
    case .machine: return try MachineIdentity.whoami(context, offline: offline)
    case .oauth: return try runOAuth(context)
    default: break
    }
    let account = try context.account()
    if let stored = try account.storedAPIKeyProfile() { return runAPIKey(stored, context) }
    var credential = try account.requireCredential()
    var status = "not checked"
    var membership: OrganizationMembership?
    if !offline {
      let live = try account.liveSession()
      credential = live.credential
      status = live.session.status.rawValue
      if let user = live.session.user {
        credential.email = user.email ?? credential.email
      }
      if let id = credential.activeOrganization.id {
        // The session's user lists its memberships: a second request only when it does not.
        let listed = live.session.user?.organizationMemberships ?? []
        membership =
          try listed.first { $0.organizationID == id }
          ?? account.memberships(of: credential).memberships.first { $0.organizationID == id }
      }
    }
    let organization = credential.activeOrganization
    if context.globals.json {
      let json = IdentityJSON.object(
        credential,
        adding: [
          "identifier": credential.shownIdentifier.map(JSONValue.string) ?? .null,
          "session_status": offline ? .null : .string(status),
          "organization": OrganizationJSON.active(organization, membership: membership),
        ])
      context.print(json.prettyEncoded)
    } else {
      let shown = TerminalText.sanitized
      // A user without an email is named by the phone number or username they signed in with.
      let email =
        credential.email ?? credential.shownIdentifier.map { "(none; signed in as \($0))" }
      context.print(
        """
        user:     \(shown(credential.userID ?? "?"))
        email:    \(shown(email ?? "(none)"))
        session:  \(shown(credential.sessionID ?? "?")) (\(shown(status)))
        instance: \(shown(credential.fapiURL))
        org:      \(shown(OrganizationJSON.text(organization, membership: membership)))
        profile:  \(shown(credential.profile))
        """
          + (credential.impersonation.map { "\nactor:    impersonated by \(shown($0.actor))" } ?? "")
      )
    }
    return ExitCode.success.rawValue
  }
}
