import ClerkctlKit

/// `clerkctl __complete profiles|templates|organizations|providers|subcommands WORD…`
/// (hidden): the values shell completion offers, one a line — the stored profile names,
/// `convex` and the template names in the token caches, the organization slugs `org list`
/// saw for the profile, the social providers seen at login (else common ones), or the
/// subcommands of the command WORD… names (for `help`). Never fails: completion must not print
/// errors.
package struct CompleteCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "__complete",
      abstract: "List values for shell completion.",
      arguments: [
        ArgumentSpec(
          "kind", help: "What to list.",
          valueKind: .choice([
            "profiles", "templates", "organizations", "providers", "subcommands",
          ])),
        ArgumentSpec(
          "words", help: "The command, for subcommands.", isOptional: true, isRepeating: true),
      ],
      isHidden: true)
  }

  let kind: String
  let words: [String]

  package init(parsed: ParsedArguments) throws {
    kind = parsed.positional(0) ?? ""
    words = Array(parsed.positionals.dropFirst())
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    if let listed = listed(context) {
      if !listed.isEmpty { context.print(listed.joined(separator: "\n")) }
      return ExitCode.success.rawValue
    }
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

  /// The words of the kinds that need no profile store walk; `nil` for the others.
  private func listed(_ context: CommandContext) -> [String]? {
    switch kind {
    case "organizations":
      let profile = (try? context.profileName()) ?? ProfileName.defaultName
      return CompletionCache.organizations(profile: profile, context)
    case "providers":
      return CompletionCache.providers(context)
    case "subcommands":
      var spec = RootCommand.spec
      for word in words.filter({ !$0.hasPrefix("-") }) {
        guard let next = spec.subcommand(named: word) else { return [] }
        spec = next.spec
      }
      return spec.subcommands.filter { !$0.spec.isHidden }.map { $0.spec.name }
    default:
      return nil
    }
  }
}
