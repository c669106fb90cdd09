import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@Suite("jwt decode: times in words")
struct JWTDecodeTimesTests {
  @Test("jwt decode shows iat, nbf and exp as UTC times on stderr; stdout stays JSON")
  func decodeTimes() throws {
    let header = Base64URL.encode(Array(#"{"alg":"RS256","typ":"JWT"}"#.utf8))
    let payload = Base64URL.encode(
      Array(#"{"sub":"user_1","iat":1767225600,"nbf":1767225590,"exp":1767225660}"#.utf8))
    let token = "\(header).\(payload).c2ln"
    let (terminal, recorder) = Terminal.capturing()
    let context = CommandContext(
      terminal: terminal, environment: [:],
      clock: .fixed(Date(timeIntervalSince1970: 1_767_225_612)))
    let code = CLI.run(arguments: ["jwt", "decode", token], context: context)
    #expect(code == 0)
    let decoded = try JSONValue(parsing: recorder.output)
    #expect(decoded["payload"]?["exp"] == 1_767_225_660)
    let lines = recorder.error.split(separator: "\n").map(String.init)
    #expect(lines.contains("clerkctl: iat 2026-01-01 00:00:00 UTC (12 s ago)"))
    #expect(lines.contains("clerkctl: nbf 2025-12-31 23:59:50 UTC (22 s ago)"))
    #expect(lines.contains("clerkctl: exp 2026-01-01 00:01:00 UTC (in 48 s)"))
  }

  @Test("Epoch times read as dates across eras, and far spans in larger units")
  func epochText() {
    #expect(EpochTime.text(0, now: 0) == "1970-01-01 00:00:00 UTC (now)")
    #expect(
      EpochTime.text(951_782_400, now: 951_782_400 - 3 * 86_400)
        == "2000-02-29 00:00:00 UTC (in 3 days)")
    #expect(EpochTime.text(-1, now: 3599) == "1969-12-31 23:59:59 UTC (60 min ago)")
  }
}
