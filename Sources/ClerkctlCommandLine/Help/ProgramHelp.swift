/// `--help` and the man page of a program that is one command (no subcommands), made from its
/// ``CommandSpec`` as clerkctl's are: the parser, the help and the page read one declaration.
package enum ProgramHelp {
  /// The width of the label column, after the 2-space indent (as clerkctl's help).
  package static let labelColumnWidth = 26

  /// OVERVIEW, USAGE, ARGUMENTS, OPTIONS, the discussion and EXAMPLES, ending in a newline.
  package static func help(for spec: CommandSpec, columns: Int = 80) -> String {
    var sections = [TextWrapper.paragraphs("OVERVIEW: " + spec.abstract, width: columns)]
    sections.append("USAGE: " + usage(for: spec))
    let arguments = spec.arguments.map {
      entry(label: "<\($0.name)>", description: $0.help, columns)
    }
    if !arguments.isEmpty { sections.append("ARGUMENTS:\n" + arguments.joined(separator: "\n")) }
    let options = spec.options.filter { !$0.isHidden }.map {
      entry(label: $0.helpLabel, description: $0.helpDescription, columns)
    }
    if !options.isEmpty { sections.append("OPTIONS:\n" + options.joined(separator: "\n")) }
    if !spec.discussion.isEmpty {
      sections.append(TextWrapper.paragraphs(spec.discussion, width: columns))
    }
    if !spec.examples.isEmpty {
      sections.append(examplesSection(spec.examples, columns: columns))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// The EXAMPLES section of help: each example's description as a `#` comment, then its
  /// command line.
  package static func examplesSection(_ examples: [CommandExample], columns: Int) -> String {
    let entries = examples.map { example in
      let comment = TextWrapper.wrap(example.description, width: max(20, columns - 4))
      return comment.map { "  # " + $0 }.joined(separator: "\n") + "\n  " + example.command
    }
    return "EXAMPLES:\n" + entries.joined(separator: "\n\n")
  }

  /// The usage line without `USAGE: `: `clerk-emulator [<options>]`.
  package static func usage(for spec: CommandSpec) -> String {
    var parts = [spec.name]
    if spec.options.contains(where: { !$0.isHidden }) { parts.append("[<options>]") }
    parts += spec.arguments.map(\.usageLabel)
    return parts.joined(separator: " ")
  }

  /// The man page, in roff: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXAMPLES, SEE ALSO.
  ///
  /// - Parameters:
  ///   - version: shown in the page's footer (`clerk-emulator 0.2.0`).
  ///   - seeAlso: related pages, as `name(section)` (`clerkctl(1)`).
  package static func manPage(for spec: CommandSpec, version: String, seeAlso: [String]) -> String {
    var out = [
      ".TH \(spec.name.uppercased()) 1 \"\" \"\(spec.name) \(version)\"",
      ".SH NAME", "\(Roff.escape(spec.name)) \\- \(Roff.escape(spec.abstract))",
      ".SH SYNOPSIS", ".B " + Roff.escape(usage(for: spec)),
      ".SH DESCRIPTION", Roff.escape(spec.abstract),
    ]
    for paragraph in spec.discussion.split(separator: "\n\n") {
      out += [
        ".PP", Roff.escape(paragraph.split(whereSeparator: \.isNewline).joined(separator: " ")),
      ]
    }
    let options = spec.options.filter { !$0.isHidden }
    if !options.isEmpty {
      out.append(".SH OPTIONS")
      for option in options {
        out += [".TP", ".B " + Roff.escape(option.helpLabel), Roff.escape(option.helpDescription)]
      }
    }
    if !spec.examples.isEmpty {
      out.append(".SH EXAMPLES")
      for example in spec.examples {
        out += [
          ".PP", Roff.escape(example.description) + ":", ".PP", ".RS 4", ".EX",
          Roff.escape(example.command), ".EE", ".RE",
        ]
      }
    }
    if !seeAlso.isEmpty {
      out.append(".SH SEE ALSO")
      out.append(
        seeAlso.map { page in
          guard let open = page.firstIndex(of: "(") else {
            return "\\fB" + Roff.escape(page) + "\\fR"
          }
          return "\\fB" + Roff.escape(String(page[..<open])) + "\\fR" + page[open...]
        }.joined(separator: ", "))
    }
    return out.joined(separator: "\n") + "\n"
  }

  private static func entry(label: String, description: String, _ columns: Int) -> String {
    TextWrapper.entry(
      label: label, description: description, labelWidth: labelColumnWidth, columns: columns)
  }
}
