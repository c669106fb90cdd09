import ClerkctlCore
import Testing

@Suite("TerminalText: control characters replaced before printing")
struct TerminalTextTests {
  @Test(
    "C0, DEL and C1 become caret notation; other text is kept",
    arguments: [
      ("plain text, ünïcödé ✓", "plain text, ünïcödé ✓"),
      ("\u{1B}]0;title\u{07}", "^[]0;title^G"),
      ("\u{1B}[2J", "^[[2J"),
      (
        "\u{1B}]8;;https://e.example/\u{07}x\u{1B}]8;;\u{07}", "^[]8;;https://e.example/^Gx^[]8;;^G"
      ),
      ("a\u{7F}b", "a^?b"),
      ("\u{9B}31m", "^[[31m"),
      ("\u{9D}0;t\u{9C}", "^[]0;t^[\\"),
      ("\u{00}\u{0D}\u{0A}\u{09}", "^@^M^J^I"),
    ])
  func sanitized(input: String, expected: String) {
    #expect(TerminalText.sanitized(input) == expected)
  }

  @Test(
    "Bidirectional formatting characters become visible code points (Trojan Source)",
    arguments: [
      ("admin\u{202E}gpj.exe", "admin<U+202E>gpj.exe"),
      ("\u{2066}a\u{2069}", "<U+2066>a<U+2069>"),
      ("\u{200E}\u{200F}\u{061C}", "<U+200E><U+200F><U+061C>"),
      ("\u{202A}\u{202B}\u{202C}\u{202D}", "<U+202A><U+202B><U+202C><U+202D>"),
      ("\u{2067}\u{2068}", "<U+2067><U+2068>"),
      ("עברית العربية", "עברית العربية"),
    ])
  func bidi(input: String, expected: String) {
    #expect(TerminalText.sanitized(input) == expected)
    #expect(TerminalText.sanitizedLines(input + "\n" + input) == expected + "\n" + expected)
  }

  @Test("sanitizedDocument keeps line feeds, tabs and CRLF line ends, nothing else")
  func document() {
    #expect(
      TerminalText.sanitizedDocument("a\tb\r\nc\rd\u{1B}[2J\n\u{202E}")
        == "a\tb\r\nc^Md^[[2J\n<U+202E>")
    #expect(TerminalText.sanitizedDocument("plain\n") == "plain\n")
  }

  @Test("sanitizedLines keeps the line feeds between lines and nothing else")
  func lines() {
    #expect(TerminalText.sanitizedLines("a\u{1B}[2J\nb\r\n") == "a^[[2J\nb^M\n")
  }
}
