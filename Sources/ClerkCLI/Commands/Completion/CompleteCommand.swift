import ClerkctlCommandLine
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
    if let listed = listed(context)?.filter(Self.isPlainName) {
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
    // Names only: a cached template name is data, and a shell must never see code in it.
    words = words.filter(Self.isPlainName)
    if !words.isEmpty { context.print(words.joined(separator: "\n")) }
    return ExitCode.success.rawValue
  }

  /// Letters, digits, `.`, `_` and `-`, not starting with `-` (what a profile name may be, and
  /// every template name worth completing).
  static func isPlainName(_ word: String) -> Bool {
    guard let first = word.utf8.first, first != UInt8(ascii: "-") else { return false }
    return word.utf8.allSatisfy { byte in
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
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
