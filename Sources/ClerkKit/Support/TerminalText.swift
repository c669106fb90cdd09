/// Text from a server or a file made safe to print on a terminal: every control character is
/// replaced by its caret notation, so a reply cannot clear the screen, set the window title,
/// move the cursor or plant an OSC 8 hyperlink (the way gh's `asciisanitizer` does it).
///
/// Replaced: C0 (U+0000–U+001F, so ESC, BEL, CR, LF and TAB too) as `^@`…`^_`, DEL as `^?`,
/// and C1 (U+0080–U+009F, the 8-bit CSI and OSC among them) as `^[` and the 7-bit equivalent
/// (`U+009B` → `^[[`). Everything else, non-ASCII letters included, is kept.
package enum TerminalText {
  /// `text` with every control character replaced: for one value (an email, an error
  /// message, a URL) or a one-line message.
  package static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
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
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// `text` with every control character but the line feeds between its lines replaced: for a
  /// message of several lines that the program laid out itself.
  package static func sanitizedLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { sanitized(String(String.UnicodeScalarView($0))) }.joined(separator: "\n")
  }

  /// Whether `scalar` is a C0 or C1 control character or DEL.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
