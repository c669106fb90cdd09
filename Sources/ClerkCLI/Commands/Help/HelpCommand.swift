import ClerkctlCommandLine

/// `clerkctl help [COMMAND...|environment|exit-codes]`: help for a command or a topic.
package struct HelpCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "help",
      abstract: "Show help for a command, or the environment and exit-codes topics.",
      examples: [
        CommandExample("Help for a subcommand", "clerkctl help jwt verify"),
        CommandExample("Every environment variable", "clerkctl help environment"),
      ],
      options: [
        Options.manPage.spec, Options.manPages.spec,
      ],
      arguments: [
        ArgumentSpec(
          "topic", help: "A command (with subcommands), environment or exit-codes.",
          isOptional: true, isRepeating: true)
      ])
  }

  /// The options of `help`, both hidden.
  package enum Options {
    package static let manPage = OptionKey.flag(
      "man", help: "Print the man page (roff) instead.", isHidden: true)
    package static let manPages = OptionKey.flag(
      "man-pages", help: "List the man pages make install writes, with their commands.",
      isHidden: true)
  }

  private let words: [String]
  private let manPage: Bool
  private let manPages: Bool

  package init(parsed: ParsedArguments) throws {
    words = parsed.positionals
    manPage = parsed[Options.manPage]
    manPages = parsed[Options.manPages]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    if manPages {
      for page in ManPageGenerator.pages() {
        context.print(([page.name] + page.words).joined(separator: " "))
      }
      return ExitCode.success.rawValue
    }
    if words.count == 1, let topic = HelpTopic(rawValue: words[0]) {
      context.terminal.writeOutput(topic.text(columns: context.columns))
      return ExitCode.success.rawValue
    }
    var path: [any CommandDeclaration.Type] = [RootCommand.self]
    for word in words {
      let spec = path[path.count - 1].spec
      guard let next = spec.subcommand(named: word) else {
        let candidates =
          spec.subcommands.filter { !$0.spec.isHidden }.map { $0.spec.name }
          + (path.count == 1 ? HelpTopic.allCases.map(\.rawValue) : [])
        var message =
          "unknown help topic '\(word)' for '\(CommandLineParser.commandName(of: path))'"
        if let suggestion = Suggestion.closest(to: word, in: candidates) {
          message += "; did you mean '\(suggestion)'?"
        }
        throw UsageError(message, commandPath: ["help"])
      }
      path.append(next)
    }
    if manPage {
      context.terminal.writeOutput(ManPageGenerator.manPage(for: path))
    } else {
      context.terminal.writeOutput(HelpFormatter.help(for: path, columns: context.columns))
    }
    return ExitCode.success.rawValue
  }
}
