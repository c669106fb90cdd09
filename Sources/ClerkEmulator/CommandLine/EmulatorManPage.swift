import ClerkctlCore

/// clerk-emulator(1), made from ``EmulatorCommandLine/usage`` (so the page and `--help` say the
/// same): `clerk-emulator --man`, which `make install` and `make dist` write to
/// `share/man/man1/clerk-emulator.1`.
package enum EmulatorManPage {
  /// The page, in roff.
  package static var roff: String {
    let lines = EmulatorCommandLine.usage.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    var overview = ""
    var synopsis: [String] = []
    var options: [(String, String)] = []
    var closing: [String] = []
    var section = ""
    for line in lines {
      if line.hasPrefix("OVERVIEW: ") {
        overview = String(line.dropFirst(10))
      } else if line.hasPrefix("USAGE: ") {
        section = "usage"
        synopsis.append(String(line.dropFirst(7)))
      } else if line == "OPTIONS:" {
        section = "options"
      } else if section == "usage", !line.isEmpty {
        synopsis.append(line.trimmingWhitespace())
      } else if section == "options", line.hasPrefix("  -") {
        let text = line.dropFirst(2)
        if let gap = text.firstRange(of: "  ") {
          options.append(
            (String(text[..<gap.lowerBound]), String(text[gap.upperBound...]).trimmingWhitespace()))
        } else {
          options.append((String(text), ""))
        }
      } else if section == "options", line.hasPrefix("    "), !options.isEmpty {
        options[options.count - 1].1 += " " + line.trimmingWhitespace()
      } else if section == "options", !line.isEmpty {
        section = "closing"
        closing.append(line)
      } else if section == "closing", !line.isEmpty {
        closing.append(line)
      }
    }
    var page = [
      ".TH CLERK-EMULATOR 1 \"\" \"clerk-emulator \(ClerkVersion.current)\"",
      ".SH NAME", "clerk-emulator \\- " + escape(overview),
      ".SH SYNOPSIS", ".B " + escape(synopsis.joined(separator: " ")),
      ".SH DESCRIPTION", escape(closing.joined(separator: " ")),
      ".SH OPTIONS",
    ]
    for (label, help) in options {
      page += [
        ".TP", ".B " + escape(label.trimmingWhitespace()), escape(help.trimmingWhitespace()),
      ]
    }
    page += [
      ".SH EXAMPLES", ".nf", "clerk-emulator --port 0 --quiet",
      "export CLERK_FAPI_URL=http://127.0.0.1:PORT", ".fi",
      ".SH SEE ALSO", "\\fBclerkctl\\fR(1)",
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// Escapes roff's backslash and hyphen, and a leading dot or quote.
  private static func escape(_ text: String) -> String {
    var escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}
