import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// Another local user holding idle connections to `exec --refresh`'s endpoint cannot deny it:
/// idle connections are dropped within about a second, and when every slot is taken the
/// oldest idle one goes rather than the new one.
@Suite("exec --refresh endpoint against idle connections, through the binary", .tags(.security))
struct RefreshEndpointIdleConnectionTests {
  static let child = """
    { printf '%s\\n%s\\n' "$CLERK_TOKEN_URL" "$CLERK_TOKEN_URL_AUTH"; } > "$HANDOFF.tmp" \
      && mv "$HANDOFF.tmp" "$HANDOFF"
    while [ ! -e "$STOP" ]; do sleep 0.1; done
    """

  @Test("100 idle connections held open: requests are still served, the idle ones dropped")
  func idleConnectionsCannotDeny() async throws {
    let fixture = try await RefreshFixture(lifetime: 60)
    let handoff = fixture.scratch.file("handoff")
    let stop = fixture.scratch.file("stop")
    let run = try fixture.start(
      ["exec", "--refresh", "--template", "convex", "--", "sh", "-c", Self.child],
      extra: ["HANDOFF": handoff, "STOP": stop])
    defer { _ = FileManager.default.createFile(atPath: stop, contents: nil) }
    try await RefreshFixture.waitForFile(handoff)
    let lines = try String(contentsOfFile: handoff, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "\(lines)")
    let (url, secret) = (lines[0], lines[1])
    let port = try #require(Int(url.split(separator: ":").last?.split(separator: "/").first ?? ""))
    var idle: [RawHTTPConnection] = []
    for _ in 0..<100 {
      idle.append(try await RawHTTPConnection.connected(port: port, timeout: 5))
    }
    let http = HTTPClient.curl()
    var served = 0
    for _ in 0..<5 {
      let response = try? await http.awaitedSend(
        HTTPRequest(
          method: "GET", url: url, headers: ["Authorization": "Bearer " + secret], timeout: 3))
      if response?.status == 200 { served += 1 }
    }
    #expect(served == 5, "served \(served) of 5 with 100 idle connections held")
    // The idle connections are closed by the server within about a second (5 s allowed).
    let started = Date()
    let first = idle[idle.count - 1]
    _ = try await first.readUntilClose()
    #expect(Date().timeIntervalSince(started) < 5)
    _ = FileManager.default.createFile(atPath: stop, contents: nil)
    #expect(await run.wait() == 0, "\(run.stderr)")
  }
}
