import FoundationEssentials

/// Greedy word wrapping for help text.
package enum TextWrapper {
  /// Splits `text` into lines at most `width` long (a longer word gets a line of its own).
  package static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.isEmpty ? [""] : lines
  }

  /// Wraps paragraphs (separated by blank lines) with `indent` spaces before every line.
  package static func paragraphs(_ text: String, width: Int, indent: Int = 0) -> String {
    let pad = String(repeating: " ", count: indent)
    return text.split(separator: "\n\n", omittingEmptySubsequences: false).map { paragraph in
      let flat = paragraph.split(whereSeparator: \.isNewline).joined(separator: " ")
      return wrap(flat, width: max(20, width - indent)).map { pad + $0 }.joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// One help entry: `label` in a column of `labelWidth` after a 2-space indent, then the
  /// wrapped description; a label too long for the column puts the description on the next
  /// line.
  package static func entry(
    label: String, description: String, labelWidth: Int, columns: Int
  ) -> String {
    let descriptionColumn = 2 + labelWidth
    let lines = wrap(description, width: max(20, columns - descriptionColumn))
    let pad = String(repeating: " ", count: descriptionColumn)
    var text = "  " + label
    if label.count > labelWidth - 2 {
      text += "\n" + pad + lines[0]
    } else {
      text += String(repeating: " ", count: labelWidth - label.count) + lines[0]
    }
    for line in lines.dropFirst() { text += "\n" + pad + line }
    return text
  }
}
