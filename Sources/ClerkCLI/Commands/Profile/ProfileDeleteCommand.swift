import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl profile delete NAME`: ends the session as `logout` does and removes the profile.
package struct ProfileDeleteCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "delete",
      abstract: "Sign a profile out (as logout does) and remove it with its defaults.",
      discussion: """
        Ends the session at Clerk, deletes the credential, its cached tokens and its \
        'clerkctl config' defaults, and forgets it as the 'profile use' choice. Exit codes are \
        logout's (5: Clerk could not be told, the local files are gone anyway). A name with \
        no stored profile is exit 4 with the nearest stored one.
        """,
      examples: [CommandExample("Remove the old profile", "clerkctl profile delete old")],
      arguments: [ArgumentSpec("name", help: "The profile to delete.", valueKind: .profile)])
  }

  let name: String

  package init(parsed: ParsedArguments) throws {
    name = try ProfileRenameCommand.validName(parsed.positional(0) ?? "")
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let store = try context.profileStore()
    guard store.listProfiles().contains(name) else {
      throw ClerkError.notSignedIn(profile: name, .noSignIn)
    }
    var logoutContext = context
    logoutContext.globals.profile = name
    logoutContext.commandPath = ["logout"]
    guard
      case .run(let type, let parsed) = try CommandLineParser(root: RootCommand.self).parse(
        ["logout"])
    else { return ExitCode.failure.rawValue }
    let code = try CommandLineParser.command(type).init(parsed: parsed).run(logoutContext)
    try ProfileConfig.move(profile: name, to: nil, context)
    if (try? store.defaultProfile()) == name { try store.clearDefaultProfile() }
    context.note("Deleted profile '\(name)'.")
    return code
  }
}
