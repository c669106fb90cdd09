import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl token --output FILE [--watch]` against an emulator whose tokens live 5 seconds.
@Suite("clerkctl token --output and --watch, end to end")
struct TokenWatchTests {
  @Test("--output writes the JWT alone to a 0600 file and nothing to stdout")
  func output() async throws {
    let fixture = try await RefreshFixture()
    let file = fixture.scratch.file("token.jwt")
    let result = try await fixture.job.run(
      ["token", "--template", "convex", "--min-ttl", "1", "--output", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!written.hasSuffix("\n"))
    fixture.expectValid(written, readAt: RefreshFixture.now)
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test(
    "--output sweeps the temp files killed writes left beside the file, not one a live write holds",
    .tags(.security))
  func outputSweepsStaleTemporaries() async throws {
    let fixture = try await RefreshFixture()
    let file = fixture.scratch.file("token.jwt")
    // What a write killed between its temp file and its rename leaves: `.token.jwt.XXXXXX`.
    let stale = [
      fixture.scratch.file(".token.jwt.Ab3xYz"), fixture.scratch.file(".token.jwt.000000"),
    ]
    for path in stale {
      try #require(FileManager.default.createFile(atPath: path, contents: Data("eyJ".utf8)))
    }
    // A live writer's temp file (it holds an flock on it) and names of other shapes stay.
    let live = fixture.scratch.file(".token.jwt.LiveQ1")
    try #require(FileManager.default.createFile(atPath: live, contents: nil))
    let held = open(live, O_RDONLY | O_CLOEXEC)
    try #require(held >= 0)
    defer { close(held) }
    try #require(flock(held, LOCK_EX | LOCK_NB) == 0)
    let others = [
      fixture.scratch.file(".token.jwt.long-name"), fixture.scratch.file(".other.abcdef"),
    ]
    for path in others { try #require(FileManager.default.createFile(atPath: path, contents: nil)) }
    let result = try await fixture.job.run(
      ["token", "--template", "convex", "--min-ttl", "1", "--output", file])
    #expect(result.status == 0, "\(result.stderr)")
    for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "\(path) left") }
    for path in [live] + others {
      #expect(FileManager.default.fileExists(atPath: path), "\(path) swept")
    }
    fixture.expectValid(
      try String(contentsOfFile: file, encoding: .utf8), readAt: RefreshFixture.now)
  }

  @Test("--watch needs --output; a FIFO as --output is refused at once")
  func badOutput() async throws {
    let fixture = try await RefreshFixture()
    let watch = try await fixture.job.run(["token", "--watch"])
    #expect(watch.status == 2)
    #expect(watch.stderr.contains("'--output"))
    let fifo = fixture.scratch.file("fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    let refused = try await fixture.job.run(["token", "--output", fifo, "--min-ttl", "1"])
    #expect(refused.status == 3)
    #expect(refused.stderr.contains("not a regular file"))
  }

  @Test("--watch keeps the file valid across lifetimes and stops with exit 0 on SIGTERM, file kept")
  func watchUntilSIGTERM() async throws {
    let fixture = try await RefreshFixture()
    try await fixture.job.admin.clearRequests()
    let file = fixture.scratch.file("watched.jwt")
    let started = RefreshFixture.now
    let run = try fixture.start(
      ["token", "--template", "convex", "--min-ttl", "1", "--output", file, "--watch", "--json"])
    try await RefreshFixture.waitForFile(file)
    let seen = try await fixture.watchedTokens(in: file, until: 8, after: started)
    run.signal(SIGTERM)
    #expect(await run.wait() == 0, "\(run.stderr)")
    let elapsed = RefreshFixture.now - started
    #expect(seen.count >= 2)
    let kept = try String(contentsOfFile: file, encoding: .utf8)
    #expect(kept.split(separator: ".").count == 3)
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    let events = try run.stderr.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(events.count >= 3)
    for event in events {
      #expect(event["schema_version"] == 1)
      #expect(event["profile"] == "default")
      #expect(event["event"] == "renewed")
      #expect(event["file"]?.stringValue == file)
    }
    #expect(run.stdout.isEmpty)
    let mints = try await fixture.mints()
    #expect(mints <= RefreshFixture.mintBound(seconds: elapsed, minTTL: 1), "\(mints) mints")
  }

  @Test("--watch stops with exit 0 on SIGINT too, and keeps the file")
  func watchUntilSIGINT() async throws {
    let fixture = try await RefreshFixture()
    let file = fixture.scratch.file("interrupted.jwt")
    let run = try fixture.start(
      ["token", "--template", "convex", "--min-ttl", "1", "--output", file, "--watch"])
    try await RefreshFixture.waitForFile(file)
    run.signal(SIGINT)
    #expect(await run.wait() == 0, "\(run.stderr)")
    fixture.expectValid(
      try String(contentsOfFile: file, encoding: .utf8), readAt: RefreshFixture.now)
  }

  @Test("--watch removes the file and exits 4 with the login hint when the session is revoked")
  func watchUntilRevoked() async throws {
    let fixture = try await RefreshFixture()
    let file = fixture.scratch.file("revoked.jwt")
    let run = try fixture.start(
      ["token", "--template", "convex", "--min-ttl", "1", "--output", file, "--watch"])
    try await RefreshFixture.waitForFile(file)
    let session = try #require(try fixture.job.credential()["session_id"]?.stringValue)
    try await fixture.job.admin.revoke(sessionID: session)
    #expect(await run.wait() == 4, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(run.stderr.contains("clerkctl: wrote a new token to '\(file)'"))
    #expect(run.stderr.contains("run 'clerkctl login'"))
  }

  @Test(
    "A watcher, an exec --refresh and token calls on one profile make one mint per lifetime between them"
  )
  func sharedMinting() async throws {
    let fixture = try await RefreshFixture()
    try await fixture.job.admin.clearRequests()
    let stop = fixture.scratch.file("stop")
    let started = RefreshFixture.now
    let watcher = try fixture.start(
      [
        "token", "--template", "convex", "--min-ttl", "1", "--watch", "--output",
        fixture.scratch.file("shared.jwt"),
      ])
    let exec = try fixture.start(
      [
        "exec", "--refresh", "--min-ttl", "1", "--template", "convex", "--", "sh", "-c",
        "while [ ! -e \"$STOP\" ]; do sleep 0.1; done",
      ],
      extra: ["STOP": stop])
    while RefreshFixture.now - started < 10 {
      let call = try await fixture.job.run(["token", "--template", "convex", "--min-ttl", "1"])
      #expect(call.status == 0, "\(call.stderr)")
      fixture.expectValid(call.stdout, readAt: RefreshFixture.now)
      try await Task.sleep(nanoseconds: 300_000_000)
    }
    _ = FileManager.default.createFile(atPath: stop, contents: nil)
    #expect(await exec.wait() == 0, "\(exec.stderr)")
    watcher.signal(SIGTERM)
    #expect(await watcher.wait() == 0, "\(watcher.stderr)")
    let elapsed = RefreshFixture.now - started
    let mints = try await fixture.mints()
    #expect(mints >= 3)
    #expect(mints <= RefreshFixture.mintBound(seconds: elapsed, minTTL: 1), "\(mints) mints")
  }

  @Test("A failed renewal keeps the still-valid token in the file and is retried")
  func failedRenewal() async throws {
    // 10-second tokens renewed with 5 s left: a renewal that fails all three attempts and
    // one retry a second later both fit before the token runs out.
    let fixture = try await RefreshFixture(lifetime: 10)
    let file = fixture.scratch.file("retried.jwt")
    let started = RefreshFixture.now
    let run = try fixture.start(
      ["token", "--template", "convex", "--min-ttl", "4", "--output", file, "--watch", "--json"])
    try await RefreshFixture.waitForFile(file)
    try await fixture.job.admin.fault([
      "path": "/v1/client/sessions/*/tokens/convex", "count": 3, "status": 503,
    ])
    let seen = try await fixture.watchedTokens(in: file, until: 12, after: started)
    run.signal(SIGTERM)
    #expect(await run.wait() == 0, "\(run.stderr)")
    #expect(seen.count >= 2, "renewed after the failure")
    let events = try run.stderr.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    let names = events.compactMap { $0["event"]?.stringValue }
    #expect(names.first == "renewed")
    let failure = try #require(events.first { $0["event"] == "renewal_failed" }, "\(names)")
    #expect(failure["exit_code"] == 5)
    #expect(failure["retry_in"] == 1)
    #expect((failure["expires_in"]?.intValue ?? 0) > 0)
    #expect(names.last == "renewed")
    #expect(!names.contains("expired"))
  }
}
