import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@Suite("version, --no-color, jwt decode times")
struct SmallThingsTests {
  @Test("clerkctl version prints what --version prints")
  func version() throws {
    let command = runCLI(["version"])
    #expect(command.code == 0)
    #expect(command.output == runCLI(["--version"]).output)
    #expect(command.output == "clerkctl \(ClerkVersion.current)\n")
    let json = try JSONValue(parsing: runCLI(["version", "--json"]).output)
    #expect(json == ["schema_version": 1, "version": .string(ClerkVersion.current)])
  }

  @Test(
    "Colour only on a terminal, never with --no-color, NO_COLOR or TERM=dumb",
    arguments: [
      ([], [:], true), (["--no-color"], [:], false), ([], ["NO_COLOR": "1"], false),
      ([], ["TERM": "dumb"], false), ([], ["TERM": "xterm-256color"], true),
    ] as [([String], [String: String], Bool)])
  func colour(flags: [String], environment: [String: String], coloured: Bool) {
    let home = TemporaryDirectory()
    let result = runCLI(
      ["doctor"] + flags, environment: environment.merging(["HOME": home.path]) { a, _ in a },
      terminals: [.output])
    #expect(result.code == 3)
    #expect(result.output.contains("\u{1B}[") == coloured, "\(result.output)")
    #expect(result.output.contains("instance configured"))
  }

  @Test("Off a terminal, no colour")
  func pipe() {
    let home = TemporaryDirectory()
    let result = runCLI(["doctor"], environment: ["HOME": home.path])
    #expect(!result.output.contains("\u{1B}["))
  }

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
