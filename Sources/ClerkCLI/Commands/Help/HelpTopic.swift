import ClerkctlCommandLine
import FoundationEssentials

/// The help topics that are not commands: `clerkctl help environment` and
/// `clerkctl help exit-codes`.
package enum HelpTopic: String, Sendable, CaseIterable {
  case environment
  case exitCodes = "exit-codes"

  /// The topic's text, ending in a newline.
  package func text(columns: Int = 80) -> String {
    switch self {
    case .environment: Self.environmentText(columns: columns)
    case .exitCodes: Self.exitCodesText(columns: columns)
    }
  }

  /// A variable clerkctl reads that no option stands for.
  private static let otherVariables: [(name: String, meaning: String)] = [
    (
      "CLERK_SECRET_KEY",
      "Backend API secret key, for 'login --user-id', 'login --impersonate', 'api-key verify', "
        + "'api-key create --scope' and 'testing-token'; 'login --api-key-stdin' checks the key "
        + "with it. Never a flag: secrets are not taken on the command line."
    ),
    (
      "CLERK_API_KEY",
      "An API key (ak_…) that 'login' stores as a profile of kind api_key (instead of "
        + "--api-key-stdin)."
    ),
    (
      "CLERK_OAUTH_CLIENT_SECRET",
      "A confidential OAuth client's secret, for 'login --client-id' and 'mcp login' (instead "
        + "of --client-secret-stdin); never passed to an exec child."
    ),
    (
      "CLERKCTL_TEMPLATE",
      "The JWT template token, exec and api mint from without --template (before the "
        + "profile's 'clerkctl config set template')."
    ),
    ("XDG_CONFIG_HOME", "The config dir is $XDG_CONFIG_HOME/clerkctl when it is set."),
    ("CI", "Any value but empty, 0 or false: never prompt."),
    ("NO_COLOR", "Any value but empty: no colour (no-color.org)."),
    ("TERM", "dumb: no colour."),
    ("BROWSER", "The program that opens the sign-in URL; else xdg-open."),
    ("COLUMNS", "The width help is wrapped at; default the terminal's width, else 80."),
  ]

  /// Every variable clerkctl reads and what it means, options' variables first.
  package static func environmentEntries() -> [(name: String, meaning: String)] {
    var entries: [(name: String, meaning: String)] = []
    var seen: Set<String> = []
    for option in allOptions(RootCommand.self) {
      guard let variable = option.environmentVariable, seen.insert(variable).inserted else {
        continue
      }
      var meaning = "Same as --\(option.long). \(option.help)"
      if option.isFlag { meaning = "Set to 1: same as --\(option.long). \(option.help)" }
      if let value = option.defaultValue { meaning += " Default: \(value)." }
      entries.append((variable, meaning))
    }
    return entries + otherVariables
  }

  /// How a setting is chosen, flag first.
  package static let precedence = """
    clerkctl reads these environment variables. Each setting comes from, in order: the \
    command-line flag, then the environment variable, then the profile's defaults ('clerkctl \
    config set': template, convex_url, min_ttl, store) and what it stored at login, then the \
    built-in default.
    """

  /// How a profile is bound to its instance (cli.md "A credential goes only to the instance
  /// that issued it").
  package static let instanceBinding = """
    Instance binding: a profile is bound to the Frontend API origin (scheme, host and port) it \
    signed in on. When --fapi-url, CLERK_FAPI_URL, --publishable-key or CLERK_PUBLISHABLE_KEY \
    names another origin, every command that uses the stored credential (token, exec, api, \
    convex, whoami, status, doctor, logout, org) sends nothing anywhere and exits 3: pass \
    --profile for a profile signed in there, or run 'clerkctl login' there. login goes where \
    they say, and cached tokens belong to their profile's instance and session.
    """

  private static func environmentText(columns: Int) -> String {
    let intro = precedence
    let list = environmentEntries().map {
      TextWrapper.entry(
        label: $0.0, description: $0.1, labelWidth: HelpFormatter.labelColumnWidth,
        columns: columns)
    }
    return "ENVIRONMENT:\n\n" + TextWrapper.paragraphs(intro, width: columns, indent: 2) + "\n\n"
      + list.joined(separator: "\n") + "\n\n"
      + TextWrapper.paragraphs(instanceBinding, width: columns, indent: 2) + "\n"
  }

  private static func exitCodesText(columns: Int) -> String {
    let list = ExitCode.allCases.map {
      TextWrapper.entry(
        label: String($0.rawValue), description: $0.meaning,
        labelWidth: HelpFormatter.labelColumnWidth, columns: columns)
    }
    return "EXIT CODES:\n\n" + list.joined(separator: "\n") + "\n"
  }

  /// Every option declared in the tree below (and including) `command`.
  static func allOptions(_ command: any CommandDeclaration.Type) -> [OptionSpec] {
    command.spec.options + command.spec.subcommands.flatMap { allOptions($0) }
  }
}
