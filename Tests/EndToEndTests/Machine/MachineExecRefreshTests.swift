import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `exec --refresh` and `token --output --watch` on a machine profile whose tokens live 5 s.
@Suite("Machine profiles: exec --refresh across short token lifetimes")
struct MachineExecRefreshTests {
  /// JWTs: Clerk never hands back a live opaque token in place of a new one for them, so each
  /// 5 s lifetime needs its own creation (an opaque request would get the login's token back).
  @Test("A child running several 5 s lifetimes always reads a live M2M token from NAME_FILE")
  func childStaysSupplied() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    let scratch = TemporaryDirectory(prefix: "machine-refresh")
    let reads = scratch.file("reads")
    let script = """
      i=0; while [ $i -lt 40 ]; do
        tok=$(cat "$CLERK_TOKEN_FILE"); echo "$(date +%s) $tok" >> "$READS"; sleep 0.3
        i=$((i+1)); done
      """
    try await fixture.bench.admin.clearRequests()
    let result = try await fixture.run(
      [
        "exec", "--refresh", "--token-format", "jwt", "--ttl", "5", "--min-ttl", "1", "--", "sh",
        "-c", script,
      ], extra: ["READS": reads, "TMPDIR": scratch.path, "XDG_RUNTIME_DIR": ""])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try String(contentsOfFile: reads, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 40)
    var seen: Set<String> = []
    for line in lines {
      let parts = line.split(separator: " ")
      try #require(parts.count == 2, "a torn read: \(line)")
      let segments = parts[1].split(separator: ".")
      try #require(segments.count == 3)
      let claims = try JSONValue(parsing: Base64URL.decode(String(segments[1])) ?? [])
      let readAt = Int64(parts[0]) ?? 0
      // Live when read, within Clerk's one-second clock precision.
      #expect((claims["exp"]?.intValue ?? 0) >= readAt - 1, "an expired token was read")
      seen.insert(String(parts[1]))
    }
    #expect(seen.count >= 3, "expected several renewals, saw \(seen.count)")
    let creations = try await fixture.creationRequests()
    #expect(creations >= 3)
    #expect(creations <= 12, "\(creations) creations for 12 s of 5 s tokens")
  }

  @Test("token --output --watch keeps a file of machine tokens fresh until SIGTERM")
  func watchFile() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    let scratch = TemporaryDirectory(prefix: "machine-watch")
    let file = scratch.file("token")
    var environment = fixture.bench.environment.merging(fixture.extra) { _, new in new }
    environment["TMPDIR"] = scratch.path
    let watcher = try SpawnedProcess(
      BuiltProducts.path("clerkctl"),
      [
        "token", "--token-format", "jwt", "--ttl", "5", "--min-ttl", "1", "--output", file,
        "--watch",
      ],
      environment: environment, input: .null)
    var seen: Set<String> = []
    let start = Date()
    while Date().timeIntervalSince(start) < 9 {
      if let text = try? String(contentsOfFile: file, encoding: .utf8), !text.isEmpty {
        #expect(text.split(separator: ".").count == 3)
        seen.insert(text)
      }
      try await Task.sleep(nanoseconds: 250_000_000)
    }
    watcher.send(SIGTERM)
    let exit = await watcher.waitForExit()
    #expect(exit.status == 0, "\(watcher.stderr)")
    #expect(seen.count >= 2)
  }
}
