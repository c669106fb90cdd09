import ClerkctlCommandLine
import FoundationEssentials

/// Renders help for a command from its ``CommandSpec``: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// GLOBAL OPTIONS, SUBCOMMANDS and EXAMPLES, with 26-column labels, wrapped at `columns`.
package enum HelpFormatter {
  /// The width of the label column, after the 2-space indent.
  package static let labelColumnWidth = 26

  /// The help text for the last command of `path` (a path from the root), ending in a newline.
  package static func help(for path: [any CommandDeclaration.Type], columns: Int = 80) -> String {
    let spec = path[path.count - 1].spec
    var sections: [String] = []
    sections.append(TextWrapper.paragraphs("OVERVIEW: " + spec.abstract, width: columns))
    if !spec.discussion.isEmpty {
      sections.append(TextWrapper.paragraphs(spec.discussion, width: columns))
    }
    sections.append("USAGE: " + usage(for: path))

    let arguments = spec.arguments.map {
      entry(label: "<\($0.name)>", description: describe($0.help, kind: $0.valueKind), columns)
    }
    if !arguments.isEmpty { sections.append("ARGUMENTS:\n" + arguments.joined(separator: "\n")) }

    let own = path.count > 1 ? path.dropFirst().reversed().flatMap { $0.spec.options } : []
    let visible = own.filter { !$0.isHidden }
    if !visible.isEmpty {
      sections.append(
        "OPTIONS:\n" + visible.map { optionEntry($0, columns: columns) }.joined(separator: "\n"))
    }
    let globals = path[0].spec.options.filter { !$0.isHidden }
    if path.count == 1, !globals.isEmpty {
      sections.append(
        "GLOBAL OPTIONS:\n"
          + globals.map { optionEntry($0, columns: columns) }.joined(separator: "\n"))
    } else if !globals.isEmpty {
      sections.append(TextWrapper.paragraphs(globalsPointer, width: columns))
    }

    let subcommands = spec.subcommands.filter { !$0.spec.isHidden }
    if !subcommands.isEmpty {
      let list = subcommands.map {
        entry(label: $0.spec.name, description: $0.spec.abstract, columns)
      }
      let helpCommand = (["clerkctl", "help"] + path.dropFirst().map { $0.spec.name })
        .joined(separator: " ")
      let more = "  See '\(helpCommand) <subcommand>' for detailed help."
      sections.append("SUBCOMMANDS:\n" + list.joined(separator: "\n") + "\n\n" + more)
    }
    if !spec.examples.isEmpty {
      sections.append(ProgramHelp.examplesSection(spec.examples, columns: columns))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// The one line a command's help shows instead of the global options.
  package static let globalsPointer =
    "The global options (--profile, --json, --no-input, --verbose, …) work here too; see "
    + "'clerkctl --help'."

  /// The usage line (without `USAGE: `) for the last command of `path`.
  package static func usage(for path: [any CommandDeclaration.Type]) -> String {
    let spec = path[path.count - 1].spec
    var parts = [CommandLineParser.commandName(of: path)]
    if path.count == 1 {
      parts.append("[<global options>]")
      parts.append("<command>")
      return parts.joined(separator: " ")
    }
    if !spec.subcommands.isEmpty {
      parts.append("<subcommand>")
      return parts.joined(separator: " ")
    }
    let own = path.dropFirst().flatMap { $0.spec.options }.filter { !$0.isHidden }
    if !own.isEmpty { parts.append("[<options>]") }
    if spec.optionsEndAtFirstArgument && !spec.arguments.isEmpty { parts.append("[--]") }
    parts += spec.arguments.map(\.usageLabel)
    return parts.joined(separator: " ")
  }

  private static func optionEntry(_ option: OptionSpec, columns: Int) -> String {
    entry(label: option.helpLabel, description: option.helpDescription, columns)
  }

  private static func describe(_ help: String, kind: ValueKind) -> String {
    guard case .choice(let choices) = kind else { return help }
    return help + " (values: " + choices.joined(separator: ", ") + ")"
  }

  private static func entry(label: String, description: String, _ columns: Int) -> String {
    TextWrapper.entry(
      label: label, description: description, labelWidth: labelColumnWidth, columns: columns)
  }
}
