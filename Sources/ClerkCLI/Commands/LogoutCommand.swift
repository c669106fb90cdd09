import ClerkKit

/// `clerkctl logout`: signs out at Clerk and deletes the local credential.
package struct LogoutCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "logout",
      abstract: "Sign the profile out and delete its credential and cached tokens.",
      discussion: """
        The local files are deleted even when Clerk cannot be reached (exit 5 then: the \
        session may live on until it expires).
        """,
      options: [.flag("all", help: "Sign out every profile.")])
  }

  package var all: Bool

  package init(parsed: ParsedArguments) throws {
    all = parsed.flag("all")
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let store = try context.profileStore()
    let profiles = all ? store.listProfiles() : [try context.profileName()]
    var base = try context.account()
    var code = ExitCode.success
    if profiles.isEmpty { context.note("Not signed in: no profiles in \(store.directory.path).") }
    for profile in profiles {
      base = ClerkAccount(profile: profile, store: store, http: base.http, clock: context.clock)
      base.requestTimeout = try context.requestTimeout()
      switch try base.signOut() {
      case .notSignedIn:
        context.note("Not signed in (profile '\(profile)'); nothing to do.")
      case .signedOut(let email):
        context.note("Signed out \(email ?? "the session") (profile '\(profile)').")
      case .localOnly(let email, let error):
        context.note(
          "clerkctl: deleted the local credential of \(email ?? "profile") (profile '\(profile)'), "
            + "but Clerk could not be told (\(ErrorReporter.message(for: error))); the session may live on until it expires"
        )
        code = .unavailable
      }
    }
    return code.rawValue
  }
}
