import ClerkctlKit

/// `clerkctl __complete profiles|templates` (hidden): the values shell completion offers,
/// one a line — the stored profile names, or `convex` and the template names in the token
/// caches. Never fails: completion must not print errors.
package struct CompleteCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "__complete",
      abstract: "List values for shell completion.",
      arguments: [
        ArgumentSpec("kind", help: "What to list.", valueKind: .choice(["profiles", "templates"]))
      ],
      isHidden: true)
  }

  let kind: String

  package init(parsed: ParsedArguments) throws {
    kind = parsed.positional(0) ?? ""
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    guard let store = try? context.profileStore() else { return ExitCode.success.rawValue }
    let profiles = store.listProfiles()
    var words: [String]
    if kind == "profiles" {
      words = profiles
    } else {
      var templates: Set<String> = ["convex"]
      for profile in profiles {
        guard let credential = try? store.load(profile: profile) else { continue }
        for token in credential.tokens.values {
          if let name = token.template { templates.insert(name) }
        }
      }
      words = templates.sorted()
    }
    if !words.isEmpty { context.print(words.joined(separator: "\n")) }
    return ExitCode.success.rawValue
  }
}
