/// Text from a server or a file made safe to print on a terminal: every control character is
/// replaced by its caret notation, so a reply cannot clear the screen, set the window title,
/// move the cursor or plant an OSC 8 hyperlink (the way gh's `asciisanitizer` does it).
///
/// Replaced: C0 (U+0000–U+001F, so ESC, BEL, CR, LF and TAB too) as `^@`…`^_`, DEL as `^?`,
/// and C1 (U+0080–U+009F, the 8-bit CSI and OSC among them) as `^[` and the 7-bit equivalent
/// (`U+009B` → `^[[`). The bidirectional formatting characters (U+061C, U+200E/F,
/// U+202A–U+202E, U+2066–U+2069), which reorder what follows them on screen (Trojan Source,
/// CVE-2021-42574), are shown as `<U+202E>`. Everything else, non-ASCII letters and
/// right-to-left scripts included, is kept.
package enum TerminalText {
  /// `text` with every control character replaced: for one value (an email, an error
  /// message, a URL) or a one-line message.
  package static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F:
        out.append("^")
        out.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
      case 0x7F:
        out.append(contentsOf: "^?".unicodeScalars)
      case 0x80...0x9F:
        out.append(contentsOf: "^[".unicodeScalars)
        out.append(Unicode.Scalar(UInt8(scalar.value - 0x40)))
      case _ where isBidiFormatting(scalar):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out.append(
          contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)>"
            .unicodeScalars)
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// `text` with every control character but the line feeds between its lines replaced: for a
  /// message of several lines that the program laid out itself.
  package static func sanitizedLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
    return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { sanitized(String(String.UnicodeScalarView($0))) }.joined(separator: "\n")
  }

  /// `text` with every control character replaced but its layout: line feeds, tabs, and
  /// carriage returns that end a line (`\r\n`). For a document a server sent (a reply body
  /// shown on a terminal).
  package static func sanitizedDocument(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
    var out = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      let isLayout =
        scalar == "\n" || scalar == "\t"
        || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")
      if isLayout {
        out.append(scalar)
      } else {
        out.append(contentsOf: sanitized(String(scalar)).unicodeScalars)
      }
    }
    return String(out)
  }

  /// Whether `scalar` is replaced: a control character or a bidirectional formatting one.
  package static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || isBidiFormatting(scalar)
  }

  /// Whether `scalar` is a bidirectional formatting character: the Arabic letter mark, the
  /// left-to-right and right-to-left marks, embeddings, overrides and isolates.
  package static func isBidiFormatting(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether `scalar` is a C0 or C1 control character or DEL.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
