import ClerkKit
import FoundationEssentials

/// Generates a man page (roff, `man 7 man` macros) from the command declarations:
/// `clerkctl help --man [COMMAND...]`.
package enum ManPageGenerator {
  /// The man page for the last command of `path` (a path from the root). The root's page also
  /// lists every subcommand, the environment and the exit codes.
  package static func manPage(for path: [any Command.Type]) -> String {
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
    for paragraph in spec.discussion.components(separatedBy: "\n\n") where !paragraph.isEmpty {
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
    section("GLOBAL OPTIONS", path[0].spec.options.filter { !$0.isHidden }, into: &out)
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
      out.append(".nf")
      out.append(escape(HelpTopic.environment.text(columns: 78)))
      out.append(".fi")
      out.append(".SH EXIT STATUS")
      for code in ExitCode.allCases {
        out.append(".TP")
        out.append(".B \(code.rawValue)")
        out.append(escape(code.meaning))
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  private static func section(_ title: String, _ options: [OptionSpec], into out: inout [String]) {
    guard !options.isEmpty else { return }
    out.append(".SH \(title)")
    for option in options {
      out.append(".TP")
      out.append(".B " + escape(HelpFormatter.label(for: option)))
      out.append(escape(HelpFormatter.description(for: option)))
    }
  }

  /// Escapes text for roff: backslashes, and a leading `.` or `'` that would read as a request.
  static func escape(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }
}
