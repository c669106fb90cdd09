import ClerkCLI
import ClerkctlCore
import ClerkctlHTTP
import Testing

@Suite("Progress line for slow calls")
struct ProgressLineTests {
  /// Records writes; `fire` decides whether the one-second timer runs while the request waits.
  private final class Recorder: Sendable {
    let writes = Lock<[String]>([])
    let timers = Lock<[@Sendable () -> Void]>([])
    var all: [String] { writes.withLock { $0 } }
  }

  private static func client(statuses: [Int]) -> HTTPClient {
    let queue = Lock(statuses)
    return HTTPClient { _ in
      HTTPResponse(status: queue.withLock { $0.isEmpty ? 200 : $0.removeFirst() })
    }
  }

  @Test("A slow request shows what it waits for and the try it is on, then clears the line")
  func slowWithRetries() throws {
    let recorder = Recorder()
    // Every timer fires while its request is still waiting: each request is slow.
    let line = ProgressLine(
      schedule: { _, work in work() },
      write: { text in recorder.writes.withLock { $0.append(text) } })
    let client = line.wrapping(Self.client(statuses: [503, 503, 200]))
    let request = HTTPRequest(method: "POST", url: "https://clerk.example.test:8443/v1/client")
    for _ in 0..<3 { _ = try client.send(request) }
    #expect(
      recorder.all == [
        "\r\u{1B}[Kclerkctl: waiting for clerk.example.test:8443…",
        "\r\u{1B}[Kclerkctl: clerk.example.test:8443 answered HTTP 503; try 2 of 3 in a moment…",
        "\r\u{1B}[Kclerkctl: waiting for clerk.example.test:8443… (try 2 of 3)",
        "\r\u{1B}[Kclerkctl: clerk.example.test:8443 answered HTTP 503; try 3 of 3 in a moment…",
        "\r\u{1B}[Kclerkctl: waiting for clerk.example.test:8443… (try 3 of 3)", "\r\u{1B}[K",
      ])
    // A new call starts again at the first try.
    _ = try client.send(HTTPRequest(method: "GET", url: "https://clerk.example.test:8443/v1/x"))
    #expect(
      recorder.all.suffix(2) == [
        "\r\u{1B}[Kclerkctl: waiting for clerk.example.test:8443…", "\r\u{1B}[K",
      ])
  }

  @Test("What a call is for, from its path")
  func purposes() {
    let base = "https://clerk.example.test/v1/client"
    #expect(
      ProgressLine.purpose(of: base + "/sessions/sess_1/tokens/convex?x=1") == "a 'convex' token")
    #expect(ProgressLine.purpose(of: base + "/sessions/sess_1/tokens") == "a session token")
    #expect(
      ProgressLine.purpose(of: base + "/sign_ins/sia_1/attempt_first_factor") == "the sign-in")
    #expect(ProgressLine.purpose(of: base) == nil)
  }

  @Test("A request answered within the second writes nothing")
  func fast() throws {
    let recorder = Recorder()
    let line = ProgressLine(
      schedule: { _, work in recorder.timers.withLock { $0.append(work) } },
      write: { text in recorder.writes.withLock { $0.append(text) } })
    _ = try line.wrapping(Self.client(statuses: [200])).send(
      HTTPRequest(method: "GET", url: "https://clerk.example.test/v1/client"))
    // The timer runs after the answer came: it must not draw a stale line.
    // Taken out, not copied: a kept timer holds the line, which holds the recorder (a cycle
    // LeakSanitizer reports).
    let timers = recorder.timers.withLock { timers in
      defer { timers.removeAll() }
      return timers
    }
    for timer in timers { timer() }
    #expect(recorder.all.isEmpty)
  }
}
