import ClerkKit
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

  @Test("sanitizedLines keeps the line feeds between lines and nothing else")
  func lines() {
    #expect(TerminalText.sanitizedLines("a\u{1B}[2J\nb\r\n") == "a^[[2J\nb^M\n")
  }
}
