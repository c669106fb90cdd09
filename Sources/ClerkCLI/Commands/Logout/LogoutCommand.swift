import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl logout`: signs out at Clerk and deletes the local credential.
package struct LogoutCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "logout",
      abstract: "Sign the profile out and delete its credential and cached tokens.",
      discussion: """
        The local files are deleted even when Clerk cannot be reached (exit 5 then: the \
        session may live on until it expires). A credential file others can read is exposed: \
        its session is ended and the file deleted, with a warning. Temporary files a killed \
        write left go too. --all asks first at a terminal (y or yes goes \
        on; any other answer signs nothing out and exits 1); --yes skips the question, and \
        without a terminal it is never asked. --json prints {schema_version, signed_out: \
        [{profile, revoked}]}, revoked false when Clerk could not be told. A machine profile \
        has no session to end: its file is deleted and nothing is sent (revoked false, kind \
        machine).
        """,
      options: [Options.all.spec, Options.yes.spec])
  }

  /// The options of `logout`.
  package enum Options {
    package static let all = OptionKey.flag("all", help: "Sign out every profile.")
    package static let yes = OptionKey.flag(
      "yes", short: "y", help: "Do not ask before signing out every profile.")
  }

  package var all: Bool
  package var yes: Bool

  package init(parsed: ParsedArguments) throws {
    all = parsed[Options.all]
    yes = parsed[Options.yes]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let store = try context.profileStore()
    let profiles = all ? store.listProfiles() : [try context.profileName()]
    var code = ExitCode.success
    var signedOut: [JSONValue] = []
    if profiles.isEmpty { context.note("Not signed in: no profiles in \(store.directory.path).") }
    // A config dir whose files cannot be deleted is refused before any session is ended, so a
    // logout is never half done (the session ended at Clerk, the file still there).
    if !profiles.isEmpty { try store.checkUsable() }
    if all, !yes, !profiles.isEmpty, context.canPrompt {
      let answer = try context.interactively {
        try context.terminal.prompt(
          "Sign out every profile (\(profiles.joined(separator: ", ")))? [y/N] ")
      }
      let word = answer.trimmingWhitespace().lowercased()
      guard word == "y" || word == "yes" else {
        throw CLIError.declined("signing out any profile")
      }
    }
    // A credential goes only to the instance that issued it: check them all before sending.
    // A machine profile has no session: it is dropped locally, nothing is sent.
    let machines = profiles.filter { context.profileKind(profile: $0) == .machine }
    for profile in machines { signedOut.append(try forgetMachine(profile, context)) }
    // An OAuth profile's refresh token is revoked at its issuer (LogoutCommand+OAuth.swift).
    let oauths = profiles.filter { context.profileKind(profile: $0) == .oauth }
    for profile in oauths {
      let (entry, revoked) = try logoutOAuth(profile, context)
      signedOut.append(entry)
      if !revoked { code = .unavailable }
    }
    let accounts = try profiles.filter { !machines.contains($0) && !oauths.contains($0) }.map {
      try context.account(profile: $0)
    }
    for account in accounts { try account.checkInstanceBinding() }
    for account in accounts {
      let profile = account.profile
      Self.revokePendingActorToken(account, context)
      // Named as login, whoami and status name it: the email, else the phone or username.
      let shown = (try? account.store.loadForRemoval(profile: profile))??.credential
        .shownIdentifier.map(TerminalText.sanitized)
      switch try account.signOut() {
      case .notSignedIn:
        context.note("Not signed in (profile '\(profile)'); nothing to do.")
      case .signedOut(let email):
        signedOut.append(["profile": .string(profile), "revoked": true])
        context.note("Signed out \(shown ?? email ?? "the session") (profile '\(profile)').")
      case .localOnly(let email, let error):
        signedOut.append(["profile": .string(profile), "revoked": false])
        context.note(
          "clerkctl: deleted the local credential of \(shown ?? email ?? "profile") (profile '\(profile)'), "
            + "but Clerk could not be told (\(ErrorReporter.message(for: error))); the session may live on until it expires"
        )
        code = .unavailable
      }
    }
    // After --all no profile is left for 'profile use' to have chosen: a later plain login
    // goes to the default profile, not silently to the one chosen before.
    if all, !profiles.isEmpty, (try? store.defaultProfile()) != nil {
      try? store.clearDefaultProfile()
    }
    if context.globals.json {
      let json: JSONValue = ["schema_version": 1, "signed_out": .array(signedOut)]
      context.print(json.prettyEncoded)
    }
    return code.rawValue
  }
}
