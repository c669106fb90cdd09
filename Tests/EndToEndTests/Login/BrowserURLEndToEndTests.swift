import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// The provider URL a browser sign-in opens comes from the server: only an `https://` (or
/// loopback `http://`) URL without whitespace or control characters is opened or printed;
/// anything else is a malformed response (exit 5), never an argument to `$BROWSER`.
@Suite("No argument injection into the browser", .tags(.security))
struct BrowserURLEndToEndTests {
  static let hostileURLs = [
    "--renderer-cmd-prefix=touch /tmp/clerkctl-pwned",
    "-incognito",
    "file:///etc/passwd",
    "myapp://callback?x=1",
    "javascript:alert(1)",
    "http://evil.example/authorize",
    "https://evil.example/a b",
    "https://evil.example/\u{1B}]0;pwned\u{07}",
    "https://evil.example/\ttab",
    "https:/evil.example",
    "https://",
  ]

  @Test(
    "A hostile external_verification_redirect_url: exit 5, $BROWSER never runs",
    arguments: hostileURLs)
  func hostileURL(url: String) async throws {
    let sandbox = try await CLIFixture(.binary)
    let emulator = sandbox.emulator
    let admin = EmulatorAdmin(emulator)
    let reply: JSONValue = [
      "response": [
        "object": "sign_in_attempt", "id": "sia_hostile", "status": "needs_first_factor",
        "supported_first_factors": [], "supported_second_factors": [],
        "first_factor_verification": [
          "object": "verification_oauth", "status": "unverified", "strategy": "oauth_google",
          "external_verification_redirect_url": .string(url), "error": nil, "attempts": nil,
          "expire_at": 0,
        ],
      ],
      "client": nil,
    ]
    try await admin.fault([
      "path": "/v1/client/sign_ins/*/prepare_first_factor", "method": "POST", "status": 200,
      "body": .string(reply.encoded),
    ])
    let script = sandbox.home.file("browser.sh")
    let seen = sandbox.home.file("browser-args.txt")
    let body = """
      #!/bin/sh
      printf '%s\\n' "$@" >> '\(seen)'

      """
    try ExecutableFile.write(body, to: script)
    let login = try BrowserLoginProcess(
      sandbox, ["login", "--oauth", "google", "--callback-port", "0", "--sign-in-timeout", "20"],
      extra: ["BROWSER": script])
    let result = await login.finish(timeout: 40)
    #expect(result.status == 5, "\(url.debugDescription): \(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("sign-in URL"), "\(result.stderr)")
    #expect(!result.stderr.contains("Open this URL"), "\(result.stderr)")
    if url.count > "https://".count {
      #expect(!result.stderr.contains(url), "the hostile URL was printed: \(result.stderr)")
    }
    #expect(
      !result.stderr.unicodeScalars.contains { $0.value == 0x1B },
      "\(result.stderr.debugDescription)")
    // Had the URL been opened, the script would have had the whole wait to write.
    #expect(
      !FileManager.default.fileExists(atPath: seen),
      "$BROWSER ran with: \((try? String(contentsOfFile: seen, encoding: .utf8)) ?? "")")
    #expect(!FileManager.default.fileExists(atPath: sandbox.configDir + "/profiles/default.json"))
  }
}
