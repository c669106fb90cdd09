import ClerkTestSupport
import Foundation
import Testing

/// What a cache-hit `token` opens: the credential file once, each config file at most once.
/// The kind dispatch (user, machine, OAuth), the config defaults (`min_ttl`) and the cache each
/// read the same files, and every extra read (a file opened, its directories checked, its JSON
/// parsed) was a tenth of a cache hit's time (`make bench` measures it; this guard times
/// nothing).
///
/// Counted with `strace` (the paths of `open`/`openat`); skipped where it is not installed.
@Suite(
  "What a cache hit reads",
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
struct CacheHitReadsTests {
  @Test("a cache-hit token opens the credential file once and each config file at most once")
  func eachFileOnce() async throws {
    let fixture = try await CLIFixture(.binary)
    // On the real clock: the template's 60 s could run out (under --min-ttl) between the
    // mint and the hit on a loaded machine.
    try await fixture.admin.setTokenLifetime(template: "convex", seconds: 3600)
    try await fixture.signIn()
    let mint = try await fixture.run(["token", "--template", "convex"])
    try #require(mint.status == 0, "token failed: \(mint.stderr)")
    let requests = try await fixture.admin.requests().count

    let opened = try await Self.opened(fixture, ["token", "--template", "convex"])
    #expect(
      try await fixture.admin.requests().count == requests, "the second token was not a cache hit")
    // strace names the path as clerkctl spelled it (the temporary HOME may hold a `//`).
    let configDir = fixture.configDir.replacingOccurrences(of: "//", with: "/")
    let own = opened.map { $0.replacingOccurrences(of: "//", with: "/") }
      .filter { $0.hasPrefix(configDir + "/") }
    let credential = configDir + "/profiles/default.json"
    // The reader sees the credential file, so a miss below is a second open, not a blind one.
    #expect(own.contains(credential), "the cache hit opened \(opened)")
    let counts = Dictionary(own.map { ($0, 1) }, uniquingKeysWith: +)
    let repeated = counts.filter { $0.value > 1 }
    #expect(
      repeated.isEmpty,
      "a cache hit opened \(repeated) more than once: read the profile's name and file once per command and pass them on (TokenCommand.run)"
    )
  }

  /// The paths `clerkctl arguments…` opened (`open`, `openat`; failed opens too), in order.
  private static func opened(
    _ fixture: CLIFixture, _ arguments: [String]
  ) async throws -> [String] {
    let trace = TemporaryDirectory()
    let log = trace.path + "/strace.log"
    let result = try await ProcessRun.run(
      "/usr/bin/strace",
      ["-f", "-e", "trace=open,openat", "-o", log, BuiltProducts.path("clerkctl")] + arguments,
      environment: fixture.environment)
    try #require(result.status == 0, "clerkctl failed: \(result.stderr)")
    let text = try String(contentsOfFile: log, encoding: .utf8)
    // `12345 openat(AT_FDCWD, "/home/…/profiles/default.json", O_RDONLY|…) = 7`
    return text.split(separator: "\n").compactMap { line in
      guard line.contains("open"), let open = line.firstIndex(of: "\"") else { return nil }
      let rest = line[line.index(after: open)...]
      guard let close = rest.firstIndex(of: "\"") else { return nil }
      return String(rest[..<close])
    }
  }
}
