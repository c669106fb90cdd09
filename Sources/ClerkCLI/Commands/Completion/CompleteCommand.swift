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
}
