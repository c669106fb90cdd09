import ClerkctlCommandLine
import ClerkctlCore
import FoundationEssentials

/// Generates a man page (roff, `man 7 man` macros) from the command declarations:
/// `clerkctl help --man [COMMAND...]`.
package enum ManPageGenerator {
  /// The man page for the last command of `path` (a path from the root). The root's page also
  /// lists every subcommand, the environment and the exit codes.
  package static func manPage(for path: [any CommandDeclaration.Type]) -> String {
    let spec = path[path.count - 1].spec
    let title = (["clerkctl"] + path.dropFirst().map { $0.spec.name }).joined(separator: "-")
    var out: [String] = []
    out.append(".TH \(title.uppercased()) 1 \"\" \"clerkctl \(ClerkVersion.current)\"")
    out.append(".SH NAME")
    out.append("\(escape(title)) \\- \(escape(spec.abstract))")
    out.append(".SH SYNOPSIS")
    out.append(".B " + escape(HelpFormatter.usage(for: path)))
    out.append(".SH DESCRIPTION")
    out.append(escape(spec.abstract))
    for paragraph in spec.discussion.split(separator: "\n\n", omittingEmptySubsequences: false)
    where !paragraph.isEmpty {
      out.append(".PP")
      out.append(escape(paragraph.split(whereSeparator: \.isNewline).joined(separator: " ")))
    }
    if !spec.arguments.isEmpty {
      out.append(".SH ARGUMENTS")
      for argument in spec.arguments {
        out.append(".TP")
        out.append(".I " + escape(argument.name))
        out.append(escape(argument.help))
      }
    }
    let own = path.count > 1 ? path.dropFirst().reversed().flatMap { $0.spec.options } : []
    section("OPTIONS", own.filter { !$0.isHidden }, into: &out)
    if path.count == 1 {
      section("GLOBAL OPTIONS", path[0].spec.options.filter { !$0.isHidden }, into: &out)
    } else {
      out.append(".SH GLOBAL OPTIONS")
      out.append(
        "The global options of \\fBclerkctl\\fR(1) (\\-\\-profile, \\-\\-json, "
          + "\\-\\-no\\-input, \\-\\-verbose, ...) are accepted here too.")
    }
    let children = spec.subcommands.filter { !$0.spec.isHidden }
    if !children.isEmpty {
      out.append(".SH COMMANDS")
      for child in children {
        out.append(".TP")
        out.append(".B " + escape(child.spec.name))
        out.append(escape(child.spec.abstract))
      }
    }
    if !spec.examples.isEmpty {
      out.append(".SH EXAMPLES")
      for example in spec.examples {
        out.append(".PP")
        out.append(escape(example.description) + ":")
        out.append(".PP")
        out.append(".RS 4")
        out.append(".EX")
        out.append(escape(example.command))
        out.append(".EE")
        out.append(".RE")
      }
    }
    if path.count == 1 {
      out.append(".SH ENVIRONMENT")
      out.append(
        escape(HelpTopic.precedence.split(whereSeparator: \.isNewline).joined(separator: " ")))
      for entry in HelpTopic.environmentEntries() {
        out.append(".TP")
        out.append(".B " + escape(entry.name))
        out.append(escape(entry.meaning))
      }
      out.append(".SH EXIT STATUS")
      for code in ExitCode.allCases {
        out.append(".TP")
        out.append(".B \(code.rawValue)")
        out.append(escape(code.meaning))
      }
    }
    out += files()
    out.append(".SH SEE ALSO")
    out.append(seeAlso(for: path))
    return out.joined(separator: "\n") + "\n"
  }

  /// Every page `make install` writes: its name (`clerkctl-jwt-decode`) and the command words
  /// that select it (`["jwt", "decode"]`), the root first.
  package static func pages(
    from root: any CommandDeclaration.Type = RootCommand.self
  ) -> [(
    name: String, words: [String]
  )] {
    var pages: [(name: String, words: [String])] = []
    func visit(_ path: [any CommandDeclaration.Type]) {
      let words = path.dropFirst().map { $0.spec.name }
      pages.append(((["clerkctl"] + words).joined(separator: "-"), words))
      for child in path[path.count - 1].spec.subcommands where !child.spec.isHidden {
        visit(path + [child])
      }
    }
    visit([root])
    return pages
  }

  private static func files() -> [String] {
    [
      ".SH FILES",
      ".TP",
      ".I $XDG_CONFIG_HOME/clerkctl",
      "The config directory (else " + escape("~/.config/clerkctl") + "; "
        + escape("--config-dir or CLERKCTL_CONFIG_DIR") + " moves it), mode 0700.",
      ".TP",
      ".I " + escape("CONFIG_DIR/profiles/NAME.json"),
      "A profile's credential: the client token, session, identity and cached tokens, as "
        + "versioned JSON, mode 0600, replaced atomically.",
      ".TP",
      ".I " + escape("CONFIG_DIR/config.json"),
      escape("The default profile 'clerkctl profile use' chose, mode 0600."),
    ]
  }

  private static func seeAlso(for path: [any CommandDeclaration.Type]) -> String {
    let names = pages().map(\.name)
    let current = (["clerkctl"] + path.dropFirst().map { $0.spec.name }).joined(separator: "-")
    let related = names.filter { name in
      name != current
        && (path.count == 1 || name == "clerkctl" || name.hasPrefix(current + "-")
          || current.hasPrefix(name + "-"))
    }
    return related.map { "\\fB" + escape($0) + "\\fR(1)" }.joined(separator: ", ")
  }

  private static func section(_ title: String, _ options: [OptionSpec], into out: inout [String]) {
    guard !options.isEmpty else { return }
    out.append(".SH \(title)")
    for option in options {
      out.append(".TP")
      out.append(".B " + escape(option.helpLabel))
      out.append(escape(option.helpDescription))
    }
  }

  /// Escapes text for roff (``Roff/escape(_:)``).
  static func escape(_ text: String) -> String { Roff.escape(text) }
}
