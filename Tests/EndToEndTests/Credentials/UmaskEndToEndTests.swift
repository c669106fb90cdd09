import ClerkTestSupport
import Foundation
import Glibc
import Testing

/// The modes clerkctl gives what it creates, whatever the umask it starts under (cli.md
/// "Files"): the built binary runs under the umask a shell sets, never the test process's own.
/// The umask is process-wide, so a test that set it in process would change the modes of every
/// file the tests running beside it create.
@Suite("File modes under any umask, through the binary", .tags(.security))
struct UmaskEndToEndTests {
  private func mode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  /// Runs `clerkctl arguments…` under `umask` (`sh -c 'umask M && exec clerkctl …'`).
  private func run(
    _ fixture: CLIFixture, umask: String, _ arguments: [String], stdin: String? = nil,
    extra: [String: String] = [:]
  ) async throws -> ProcessResult {
    try await ProcessRun.run(
      "/bin/sh",
      ["-c", "umask \(umask) && exec \"$0\" \"$@\"", BuiltProducts.path("clerkctl")] + arguments,
      environment: fixture.environment.merging(extra) { _, new in new }, stdin: stdin)
  }

  @Test("login makes missing directories 0700 and its files 0600", arguments: ["000", "277"])
  func login(_ umask: String) async throws {
    let fixture = try await CLIFixture(.binary)
    let deep = fixture.home.path + "/deep"
    let config = deep + "/er/clerkctl"
    let result = try await run(
      fixture, umask: umask, ["login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n", extra: ["CLERKCTL_CONFIG_DIR": config])
    try #require(result.status == 0, "\(result.stderr)")
    #expect(mode(config + "/profiles/default.json") == 0o600)
    #expect(mode(config + "/profiles/default.lock") == 0o600)
    #expect(mode(config + "/profiles") == 0o700)
    #expect(mode(config) == 0o700)
    #expect(mode(deep + "/er") == 0o700)
    #expect(mode(deep) == 0o700)
  }

  @Test("token --output writes a 0600 file under umask 000 and leaves no temp file")
  func tokenOutput() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let directory = TemporaryDirectory(prefix: "token-output")
    let path = directory.file("token")
    for _ in 0..<2 {
      let result = try await run(fixture, umask: "000", ["token", "--output", path])
      try #require(result.status == 0, "\(result.stderr)")
      #expect(mode(path) == 0o600)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["token"])
  }

  @Test("exec --refresh keeps its token file 0600 in a 0700 directory under umask 000")
  func execRefresh() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let result = try await run(
      fixture, umask: "000",
      [
        "exec", "--refresh", "--", "/bin/sh", "-c",
        "stat -c %a \"$(dirname \"$CLERK_TOKEN_FILE\")\" \"$CLERK_TOKEN_FILE\"",
      ])
    try #require(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n") == ["700", "600"], "\(result.stdout)")
  }
}
