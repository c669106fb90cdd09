import Testing

@testable import ClerkctlCore

@Suite("String trimming")
struct StringTrimmingTests {
  @Test(
    "drops leading and trailing whitespace and newlines, keeps the inside",
    arguments: [
      ("  a b \t\n", "a b"), ("\r\n120\r\n", "120"), ("\u{A0}x\u{2003}", "x"), ("a", "a"),
      ("", ""), (" \t\n ", ""), ("a\n\nb", "a\n\nb"),
    ])
  func trims(input: String, expected: String) {
    #expect(input.trimmingWhitespace() == expected)
  }

  @Test("works on substrings")
  func substring() {
    let text = "<title>  Bad gateway </title>"
    #expect(text.dropFirst(7).dropLast(8).trimmingWhitespace() == "Bad gateway")
  }
}
