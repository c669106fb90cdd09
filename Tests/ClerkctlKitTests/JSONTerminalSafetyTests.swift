import ClerkTestSupport
import Testing

@testable import ClerkctlCore

/// JSON that clerkctl prints (`--json`, `jwt decode`, `convex query`) may reach a terminal: C1
/// controls, DEL and bidirectional formatting characters are written as `\uXXXX` escapes (the
/// same JSON, safe to show).
@Suite("JSON encoder escapes terminal controls", .tags(.security))
struct JSONTerminalSafetyTests {
  static let hostile = [
    "\u{7F}", "\u{80}", "\u{9B}", "\u{9D}", "\u{9F}", "\u{200E}", "\u{200F}", "\u{202A}",
    "\u{202E}", "\u{2066}", "\u{2069}", "\u{061C}",
  ]

  @Test("C1, DEL and bidi controls become \\u escapes; the value round-trips")
  func escapes() throws {
    for text in Self.hostile {
      let value = JSONValue.object(["k": .string("a" + text + "b")])
      for encoded in [value.encoded, value.prettyEncoded] {
        let hex = String(text.unicodeScalars.first!.value, radix: 16)
        let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        #expect(encoded.contains(escape), "\(encoded.debugDescription)")
        #expect(!encoded.unicodeScalars.contains(text.unicodeScalars.first!))
        #expect(try JSONValue(parsing: Array(encoded.utf8)) == value)
      }
    }
  }

  @Test("ordinary text, accents and emoji are written as they are")
  func plainTextKept() {
    #expect(JSONValue.string("héllo ✓ 😀 日本").encoded == "\"héllo ✓ 😀 日本\"")
  }
}
