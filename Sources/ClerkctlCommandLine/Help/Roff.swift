/// Text for roff man pages (`man 7 man` macros).
package enum Roff {
  /// Escapes backslashes and hyphens, and a leading `.` or `'` on any line that would read as
  /// a request.
  package static func escape(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }
}
