import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl profile use NAME`: makes NAME the default profile.
package struct ProfileUseCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "use",
      abstract: "Make a signed-in profile the default for later commands.",
      discussion: """
        Kept in CONFIG_DIR/config.json (0600); --profile and CLERKCTL_PROFILE still win. A \
        profile with no stored sign-in is exit 4, and the default stays as it was. --json \
        prints {schema_version, profile}.
        """,
      examples: [CommandExample("Use the work profile from now on", "clerkctl profile use work")],
      arguments: [ArgumentSpec("name", help: "The profile to use.", valueKind: .profile)])
  }

  package var name: String

  package init(parsed: ParsedArguments) throws {
    name = parsed.positionals.first ?? ""
    guard ProfileName.isValid(name) else {
      throw UsageError(
        "invalid profile name '\(name)': use 1 to 64 letters, digits, '.', '_' or '-', "
          + "starting with a letter or digit")
    }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let store = try context.profileStore()
    guard try store.load(profile: name) != nil else { throw CLIError.profileNotSignedIn(name) }
    try store.setDefaultProfile(name)
    if context.globals.json {
      let json: JSONValue = ["schema_version": 1, "profile": .string(name)]
      context.print(json.prettyEncoded)
    } else {
      context.note("Now using profile '\(name)' (kept in \(store.settingsPath)).")
    }
    if let flag = context.globals.profile, flag != name {
      context.note("clerkctl: note: --profile \(flag) still wins for this command line")
    } else if let variable = context.nonEmpty("CLERKCTL_PROFILE"), variable != name {
      context.note("clerkctl: note: CLERKCTL_PROFILE=\(variable) is set and still wins over it")
    }
    return ExitCode.success.rawValue
  }
}
