import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// `exec --refresh` serves its token over a Unix socket in the private directory too, which
/// only this user can connect to (a loopback TCP port any local user or process can reach and
/// hold). The URL form stays for tools that need TCP.
@Suite("exec --refresh's Unix socket, through the binary", .tags(.security))
struct RefreshSocketTests {
  /// A child that reads the token over the socket (no secret) as text and JSON, notes the
  /// socket's and its directory's type and mode, and hands everything to the test.
  static let child = """
    S="$CLERK_TOKEN_SOCKET"
    curl -sS --unix-socket "$S" http://localhost/token > "$OUT.raw" || exit 7
    curl -sS --unix-socket "$S" 'http://localhost/token?format=json' > "$OUT.json" || exit 8
    { printf '%s\\n%s\\n' "$S" "$CLERK_TOKEN_URL"; stat -c '%F %a' "$S" "$(dirname "$S")"
      env | grep -c -e '^CLERK_TOKEN_SOCKET_AUTH=' -e '^CLERK_TOKEN_SOCKET=.*eyJ' || true
    } > "$HANDOFF.tmp" && mv "$HANDOFF.tmp" "$HANDOFF"
    while [ ! -e "$STOP" ]; do sleep 0.1; done
    """

  @Test(
    "The child reads valid tokens over NAME_SOCKET (0600 socket, 0700 directory); another uid cannot connect"
  )
  func socketServesOnlyThisUser() async throws {
    let fixture = try await RefreshFixture(lifetime: 60)
    let handoff = fixture.scratch.file("handoff")
    let stop = fixture.scratch.file("stop")
    let out = fixture.scratch.file("out")
    // Another uid may pass through the scratch directory (not list it): the private
    // directory's own mode is what keeps it out.
    try #require(chmod(fixture.scratch.path, 0o711) == 0)
    let run = try fixture.start(
      ["exec", "--refresh", "--template", "convex", "--", "sh", "-c", Self.child],
      extra: ["HANDOFF": handoff, "STOP": stop, "OUT": out])
    defer { _ = FileManager.default.createFile(atPath: stop, contents: nil) }
    try await RefreshFixture.waitForFile(handoff, timeout: 30)
    let lines = try String(contentsOfFile: handoff, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    try #require(lines.count == 5, "\(lines) \(run.stderr)")
    let socket = lines[0]
    #expect(socket.hasPrefix(fixture.scratch.path + "/clerkctl-"))
    #expect(lines[1].hasPrefix("http://127.0.0.1:"), "the URL form stays")
    #expect(lines[2] == "socket 600")
    #expect(lines[3] == "directory 700")
    #expect(lines[4] == "0", "no secret for the socket in the environment")
    fixture.expectValid(
      try String(contentsOfFile: out + ".raw", encoding: .utf8), readAt: RefreshFixture.now)
    let json = try JSONValue(
      parsing: Array(try Data(contentsOf: URL(fileURLWithPath: out + ".json"))))
    fixture.expectValid(try #require(json["jwt"]?.stringValue), readAt: RefreshFixture.now)
    #expect(json["template"] == "convex")

    // Another local user (nobody) cannot connect to the socket.
    if geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
      let other = try await ProcessRun.run(
        "/usr/bin/setpriv",
        [
          "--reuid", "65534", "--regid", "65534", "--clear-groups", "curl", "-sS", "--max-time",
          "5", "--unix-socket", socket, "http://localhost/token",
        ], environment: ["PATH": "/usr/bin:/bin"])
      #expect(other.status != 0)
      #expect(!other.stdout.contains("eyJ"), "\(other.stdout)")
    }
    _ = FileManager.default.createFile(atPath: stop, contents: nil)
    #expect(await run.wait() == 0, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: socket), "the socket is removed at the end")
  }
}
