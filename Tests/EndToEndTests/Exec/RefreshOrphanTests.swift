import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// A SIGKILLed `exec --refresh` leaves neither its child nor (after the next run) its private
/// token directory behind.
@Suite("exec --refresh after clerkctl is SIGKILLed, through the binary", .tags(.security))
struct RefreshOrphanTests {
  static let child = """
    printf '%s\\n%s\\n' "$$" "$(dirname "$CLERK_TOKEN_FILE")" > "$HANDOFF.tmp" \
      && mv "$HANDOFF.tmp" "$HANDOFF"
    exec sleep 300
    """

  /// Whether `pid` is gone (or a zombie no one has reaped yet).
  static func isGone(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return errno == ESRCH }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[stat.index(close, offsetBy: 2)] == "Z"
  }

  @Test("The child dies with clerkctl, and the next run sweeps the directory the killed one left")
  func childDiesAndDirectoryIsSwept() async throws {
    let fixture = try await RefreshFixture(lifetime: 60)
    let handoff = fixture.scratch.file("handoff")
    let run = try fixture.start(
      ["exec", "--refresh", "--template", "convex", "--", "sh", "-c", Self.child],
      extra: ["HANDOFF": handoff])
    try await RefreshFixture.waitForFile(handoff, timeout: 30)
    let lines = try String(contentsOfFile: handoff, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "\(lines)")
    let childPID = try #require(pid_t(lines[0]))
    defer { kill(childPID, SIGKILL) }
    let left = lines[1]
    #expect(left.hasPrefix(fixture.scratch.path + "/clerkctl-"))

    // Directories that are not a dead run's stay: a live process's, one that is not 0700,
    // one that is a symbolic link, and names of another shape.
    let live = fixture.scratch.file("clerkctl-exec-\(getpid()).Live01")
    let open = fixture.scratch.file("clerkctl-exec-\(childPID).Open01")
    let other = fixture.scratch.file("clerkctl-other")
    let link = fixture.scratch.file("clerkctl-exec-\(childPID).Link01")
    for path in [live, open, other] { try #require(mkdir(path, 0o700) == 0) }
    try #require(chmod(open, 0o755) == 0)
    try #require(symlink(left, link) == 0)

    run.signal(SIGKILL)
    #expect(await run.wait() == -1)
    var waited = 0
    while !Self.isGone(childPID), waited < 200 {
      try await Task.sleep(nanoseconds: 50_000_000)
      waited += 1
    }
    #expect(Self.isGone(childPID), "the child outlived clerkctl")
    #expect(FileManager.default.fileExists(atPath: left), "a SIGKILLed run cannot clean up")

    let next = try await fixture.job.run(
      ["exec", "--refresh", "--template", "convex", "--", "true"], extra: fixture.extra)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(!FileManager.default.fileExists(atPath: left), "the dead run's directory is swept")
    for path in [live, open, other, link] {
      var info = stat()
      #expect(lstat(path, &info) == 0, "\(path) was swept")
    }
  }
}
