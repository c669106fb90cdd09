import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Text from a server or a file reaches the terminal with its control characters replaced: no
/// reply can clear the screen, set the window title or plant an OSC 8 hyperlink.
@Suite("No terminal escapes from servers or files", .tags(.security))
struct TerminalEscapeEndToEndTests {
  /// A title change, a screen clear, an OSC 8 hyperlink and an 8-bit CSI.
  static let hostile =
    "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}]8;;https://evil.example/\u{07}click\u{1B}]8;;\u{07}"
    + "\u{9B}31m"

  /// Fails when `text` holds ESC, BEL, DEL or a C1 control character.
  static func expectClean(
    _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let controls = text.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
    }
    #expect(
      controls.isEmpty, "\(what) carries control characters: \(text.debugDescription)",
      sourceLocation: sourceLocation)
  }

  @Test("A Clerk error message and an HTML title with escapes: replaced on stderr")
  func clerkErrors() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let error: JSONValue = [
      "errors": [
        [
          "code": "form_param_invalid", "message": .string("bad \(Self.hostile)"),
          "long_message": .string("Bad request \(Self.hostile)"),
        ]
      ]
    ]
    try await bench.fault([
      "path": .string(mintPath), "status": 422, "body": .string(error.encoded),
    ])
    let refused = try await bench.run(["token", "--template", "convex", "--force-refresh"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("^[]0;pwned^G"), "\(refused.stderr)")
    Self.expectClean(refused.stderr, "the Clerk error")

    let page = "<html><head><title>Proxy \(Self.hostile)</title></head><body></body></html>"
    try await bench.fault(["path": .string(mintPath), "status": 403, "body": .string(page)])
    let html = try await bench.run(["token", "--template", "convex", "--force-refresh"])
    #expect(html.status != 0)
    #expect(html.stderr.contains("Proxy"), "\(html.stderr)")
    Self.expectClean(html.stderr, "the HTML title")
  }

  @Test("A Convex errorMessage with escapes: replaced on stderr")
  func convexError() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let reply: JSONValue = [
      "status": "error", "errorMessage": .string("Uncaught Error: \(Self.hostile)"),
      "logLines": [],
    ]
    try await bench.fault(["path": "/api/query", "status": 200, "body": .string(reply.encoded)])
    let result = try await bench.run(
      ["convex", "query", "echo:args", "--url", (bench.process?.convexURL ?? "")])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("Uncaught Error"))
    Self.expectClean(result.stderr, "the Convex error")
  }

  @Test("An email and a URL with escapes in the credential file: replaced by whoami and status")
  func fileSourced() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    var credential = try JSONValue(parsing: [UInt8](try bench.credentialBytes()))
    guard case .object(var fields) = credential else {
      Issue.record("the credential file is not an object")
      return
    }
    fields["email"] = .string("demo\(Self.hostile)@example.com")
    credential = .object(fields)
    try Data(credential.encoded.utf8).write(to: URL(fileURLWithPath: bench.credentialPath()))
    chmod(bench.credentialPath(), 0o600)
    for arguments in [["whoami", "--offline"], ["status", "--offline"]] {
      let result = try await bench.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout.contains("demo^[]0;pwned^G"), "\(arguments): \(result.stdout)")
      Self.expectClean(result.stdout, "stdout of \(arguments)")
      Self.expectClean(result.stderr, "stderr of \(arguments)")
    }
    let logout = try await bench.run(["logout"])
    #expect(logout.status == 0, "\(logout.stderr)")
    Self.expectClean(logout.stderr, "stderr of logout")
  }

  @Test("A template claim with escapes: doctor's details are replaced")
  func doctorDetails() async throws {
    let scratch = TemporaryDirectory(prefix: "clerkctl-escape-config")
    let config: JSONValue = [
      "users": [["email": "demo@example.com", "password": "demo-password"]],
      "templates": [
        ["name": "convex", "claims": ["aud": .string("aud\(Self.hostile)"), "sub": "{{user.id}}"]]
      ],
    ]
    let path = scratch.file("emulator.json")
    try Data(config.encoded.utf8).write(to: URL(fileURLWithPath: path))
    let bench = try await CLIFixture.signedIn(.binary, emulatorArguments: ["--config", path])
    let result = try await bench.run(["doctor"])
    #expect(result.status != 0, "\(result.stdout)")
    #expect(result.stdout.contains("aud^[]0;pwned^G"), "\(result.stdout)")
    Self.expectClean(result.stdout, "doctor's stdout")
    Self.expectClean(result.stderr, "doctor's stderr")
  }
}
