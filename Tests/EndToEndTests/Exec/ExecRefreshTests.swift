import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// `clerkctl exec --refresh` against an emulator whose tokens live 5 seconds.
@Suite("clerkctl exec --refresh, end to end")
struct ExecRefreshTests {
  /// A child that hands its token variables and the modes of the file and its directory to
  /// the test, then reads the file every 0.2 s (noting the time after each read) until told
  /// to stop.
  static let readingChild = """
    F="$CLERK_TOKEN_FILE"
    { printf '%s\\n%s\\n%s\\n' "$F" "$CLERK_TOKEN_URL" "$CLERK_TOKEN_URL_AUTH"
      stat -c %a "$F" "$(dirname "$F")"; } > "$HANDOFF.tmp" && mv "$HANDOFF.tmp" "$HANDOFF"
    while [ ! -e "$STOP" ]; do
      tok=$(cat "$F"); t=$(date +%s.%N); echo "$t $tok" >> "$READS"; sleep 0.2
    done
    """

  @Test(
    "A child running several token lifetimes reads valid tokens from the file and the endpoint, one mint per lifetime"
  )
  func freshTokensThroughout() async throws {
    let fixture = try await RefreshFixture()
    try await fixture.job.admin.clearRequests()
    let handoff = fixture.scratch.file("handoff")
    let stop = fixture.scratch.file("stop")
    let reads = fixture.scratch.file("reads")
    let started = RefreshFixture.now
    let run = try fixture.start(
      [
        "exec", "--refresh", "--min-ttl", "1", "--template", "convex", "--", "sh", "-c",
        Self.readingChild,
      ],
      extra: ["HANDOFF": handoff, "STOP": stop, "READS": reads])
    try await RefreshFixture.waitForFile(handoff)
    let lines = try String(contentsOfFile: handoff, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    try #require(lines.count == 5, "\(lines)")
    let (file, url, secret) = (lines[0], lines[1], lines[2])
    #expect(lines[3] == "600")
    #expect(lines[4] == "700")
    #expect(url.hasPrefix("http://127.0.0.1:"))
    #expect(!secret.isEmpty)

    // The endpoint refuses requests without the secret, or with a wrong one.
    let http = HTTPClient.curl()
    let anonymous = try await http.awaitedSend(HTTPRequest(method: "GET", url: url))
    #expect(anonymous.status == 401)
    #expect(!anonymous.bodyText.contains("."))
    for wrong in ["Bearer nope", "Bearer " + secret + "x", "Basic " + secret, secret] {
      let refused = try await http.awaitedSend(
        HTTPRequest(method: "GET", url: url, headers: ["Authorization": wrong]))
      #expect(refused.status == 401, "\(wrong)")
    }
    let auth: HTTPHeaders = ["Authorization": "Bearer " + secret]

    // For the first lifetime and more only the child reads (the file alone must stay fresh),
    // then the endpoint is read too, as text and as JSON.
    while RefreshFixture.now - started < 6 { try await Task.sleep(nanoseconds: 100_000_000) }
    var seen: Set<String> = []
    while RefreshFixture.now - started < 12 {
      let text = try await http.awaitedSend(HTTPRequest(method: "GET", url: url, headers: auth))
      let textAt = RefreshFixture.now
      #expect(text.status == 200)
      #expect(text.headers["Content-Type"]?.hasPrefix("text/plain") == true)
      fixture.expectValid(text.bodyText, readAt: textAt)
      seen.insert(text.bodyText)
      let json = try await http.awaitedSend(
        HTTPRequest(method: "GET", url: url + "?format=json", headers: auth))
      let jsonAt = RefreshFixture.now
      #expect(json.status == 200)
      let body = try JSONValue(parsing: json.body)
      let jwt = try #require(body["jwt"]?.stringValue)
      let claims = fixture.expectValid(jwt, readAt: jsonAt)
      #expect(body["template"] == "convex")
      #expect(body["expires_at"] == claims?["exp"])
      #expect(body["issued_at"] == claims?["iat"])
      #expect((body["expires_in"]?.intValue ?? -1) >= 0)
      try await Task.sleep(nanoseconds: 250_000_000)
    }
    _ = FileManager.default.createFile(atPath: stop, contents: nil)
    let status = await run.wait()
    let elapsed = RefreshFixture.now - started
    #expect(status == 0, "\(run.stderr)")

    // Every read of the file found a whole, valid token.
    let fileReads = try String(contentsOfFile: reads, encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1) }
    // Many reads across two lifetimes and more: the child reads every 0.2 s, but on a loaded
    // run its shell may manage only a few dozen (17 once, where 20 were required), so the
    // count is loose and the span is what matters.
    #expect(fileReads.count >= 10)
    let times = fileReads.compactMap { $0.first.flatMap { Double($0) } }
    #expect((times.max() ?? 0) - (times.min() ?? 0) >= 10, "reads span \(times.first ?? 0)…")
    for read in fileReads {
      try #require(read.count == 2, "a torn read: \(read)")
      fixture.expectValid(String(read[1]), readAt: Double(read[0]) ?? 0)
      seen.insert(String(read[1]))
    }
    #expect(seen.count >= 3, "expected several renewals, saw \(seen.count) tokens")

    // One mint per lifetime, not one per read.
    let mints = try await fixture.mints()
    #expect(mints >= 3)
    #expect(mints <= RefreshFixture.mintBound(seconds: elapsed, minTTL: 1), "\(mints) mints")

    // Both are gone with the child.
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(!FileManager.default.fileExists(atPath: (file as NSString).deletingLastPathComponent))
    await #expect(throws: (any Error).self) {
      try await http.awaitedSend(HTTPRequest(method: "GET", url: url, headers: auth))
    }
  }

  /// How the child ends, and the status clerkctl passes through.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case exits, killedBySIGKILL, clerkctlGetsSIGTERM
    var testDescription: String { rawValue }
  }

  @Test("The file and its directory are removed however the child ends", arguments: Ending.allCases)
  func cleanup(ending: Ending) async throws {
    let fixture = try await RefreshFixture()
    let handoff = fixture.scratch.file("handoff")
    let tail: String
    switch ending {
    case .exits: tail = "exit 3"
    case .killedBySIGKILL: tail = "kill -KILL $$"
    case .clerkctlGetsSIGTERM: tail = "trap 'exit 5' TERM; while :; do sleep 0.1; done"
    }
    let script = """
      printf '%s\\n' "$CLERK_TOKEN_FILE" > "$HANDOFF.tmp" && mv "$HANDOFF.tmp" "$HANDOFF"
      \(tail)
      """
    let run = try fixture.start(
      ["exec", "--refresh", "--min-ttl", "1", "--template", "convex", "--", "sh", "-c", script],
      extra: ["HANDOFF": handoff])
    try await RefreshFixture.waitForFile(handoff)
    let file = try String(contentsOfFile: handoff, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(file.hasPrefix(fixture.scratch.path + "/clerkctl-"))
    if ending == .clerkctlGetsSIGTERM {
      try await Task.sleep(nanoseconds: 200_000_000)  // let the child set its trap
      run.signal(SIGTERM)
    }
    let status = await run.wait()
    let expected: Int32 =
      switch ending {
      case .exits: 3
      case .killedBySIGKILL: 137
      case .clerkctlGetsSIGTERM: 5
      }
    #expect(status == expected, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: file))
    let left = try FileManager.default.contentsOfDirectory(atPath: fixture.scratch.path)
    #expect(left.filter { $0.hasPrefix("clerkctl-") }.isEmpty, "\(left)")
  }

  @Test("A --min-ttl that leaves no time to renew is a usage error, and nothing runs")
  func minTTLTooLong() async throws {
    let fixture = try await RefreshFixture()
    let result = try await fixture.job.run(
      [
        "exec", "--refresh", "--min-ttl", "4", "--template", "convex", "--", "sh", "-c", "echo ran",
      ],
      extra: fixture.extra)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("'--min-ttl'"))
    let left = try FileManager.default.contentsOfDirectory(atPath: fixture.scratch.path)
    #expect(left.filter { $0.hasPrefix("clerkctl-") }.isEmpty, "\(left)")
  }
}
