import ClerkKit

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
        write left go too.
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
    var code = ExitCode.success
    if profiles.isEmpty { context.note("Not signed in: no profiles in \(store.directory.path).") }
    // A credential goes only to the instance that issued it: check them all before sending.
    let accounts = try profiles.map { try context.account(profile: $0) }
    for account in accounts { try account.checkInstanceBinding() }
    for account in accounts {
      let profile = account.profile
      switch try account.signOut() {
      case .notSignedIn:
        context.note("Not signed in (profile '\(profile)'); nothing to do.")
      case .signedOut(let email):
        context.note("Signed out \(email ?? "the session") (profile '\(profile)').")
      case .localOnly(let email, let error):
        context.note(
          "clerkctl: deleted the local credential of \(email ?? "profile") (profile '\(profile)'), "
            + "but Clerk could not be told (\(error)); the session may live on until it expires")
        code = .unavailable
      }
    }
    return code.rawValue
  }
}
