import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import Dispatch

/// One line of progress on stderr for a slow HTTP call (on a terminal only, never with
/// `--json`): when a request is still unanswered after `delay` seconds, it says what it waits
/// for (the host, and what the call is for: a `convex` token, the sign-in) and which try it is
/// on; between tries it says why and how long the wait is (the server's `Retry-After`); the
/// line is cleared when the answer comes.
package final class ProgressLine: Sendable {
  private struct State {
    var generation = 0
    var pending = false
    var shown = false
    var lastKey: String?
    var lastFailed = false
    var attempt = 1
  }

  private let state = Lock(State())
  private let write: @Sendable (String) -> Void
  private let delay: Double
  private let schedule: @Sendable (Double, @escaping @Sendable () -> Void) -> Void

  /// The number of tries a request that is safe to repeat gets (``RetryPolicy``).
  static let tries = RetryPolicy().maxRetries + 1

  /// - Parameters:
  ///   - delay: seconds before the line appears.
  ///   - schedule: runs the closure after the given seconds (tests run it at once).
  ///   - write: writes to stderr.
  package init(
    delay: Double = 1,
    schedule: @escaping @Sendable (Double, @escaping @Sendable () -> Void) -> Void = {
      seconds, work in DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
    },
    write: @escaping @Sendable (String) -> Void
  ) {
    self.delay = delay
    self.schedule = schedule
    self.write = write
  }

  /// `client`, with this line shown while its requests are slow.
  package func wrapping(_ client: HTTPClient) -> HTTPClient {
    HTTPClient { [self] request in
      let generation = begin(request)
      do {
        let response = try client.send(request)
        let failed = RetryPolicy.isRetryable(status: response.status)
        end(generation, failed: failed, request: request, response: response)
        return response
      } catch {
        end(generation, failed: true, request: request, response: nil)
        throw error
      }
    }
  }

  /// What a Clerk call is for, in words (`a 'convex' token`, `the sign-in`); `nil` when the
  /// path says nothing more than its host.
  package static func purpose(of url: String) -> String? {
    let afterScheme = url.split(separator: "://", maxSplits: 1).last.map(String.init) ?? url
    let path = afterScheme.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    let parts = path.split(separator: "/").dropFirst().map(String.init)
    if let tokens = parts.firstIndex(of: "tokens"), parts.contains("sessions") {
      guard tokens + 1 < parts.count else { return "a session token" }
      return "a '\(TerminalText.sanitized(parts[tokens + 1]))' token"
    }
    if parts.contains("sign_ins") { return "the sign-in" }
    if parts.contains("sign_ups") { return "the sign-up" }
    if parts.last == "environment" { return "the instance's settings" }
    if parts.contains("sessions"), let last = parts.last, ["remove", "end"].contains(last) {
      return "the sign-out"
    }
    return nil
  }

  /// ` (PURPOSE, try N of M)`, or the parts of it there are.
  private static func details(_ purpose: String?, attempt: Int) -> String {
    let parts = [purpose, attempt > 1 ? "try \(attempt) of \(max(attempt, tries))" : nil]
      .compactMap { $0 }
    return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
  }

  private func begin(_ request: HTTPRequest) -> Int {
    let key = request.method + " " + request.url
    let host = URLParts.authority(of: request.url) ?? "the server"
    let (generation, attempt) = state.withLock { state in
      state.attempt = state.lastKey == key && state.lastFailed ? state.attempt + 1 : 1
      state.lastKey = key
      state.generation += 1
      state.pending = true
      return (state.generation, state.attempt)
    }
    let text =
      "clerkctl: waiting for \(host)…"
      + Self.details(Self.purpose(of: request.url), attempt: attempt)
    schedule(delay) { [self] in
      state.withLock { state in
        guard state.pending, state.generation == generation else { return }
        state.shown = true
        write("\r\u{1B}[K" + text)
      }
    }
    return generation
  }

  private func end(
    _ generation: Int, failed: Bool, request: HTTPRequest, response: HTTPResponse?
  ) {
    state.withLock { state in
      guard state.generation == generation else { return }
      state.pending = false
      state.lastFailed = failed
      // Between tries: why, and how long the wait is, until the next try's line or its answer.
      if failed, state.attempt < Self.tries {
        state.shown = true
        write("\r\u{1B}[K" + Self.waitText(request, response, nextTry: state.attempt + 1))
      } else if state.shown {
        state.shown = false
        write("\r\u{1B}[K")
      }
    }
  }

  /// `clerkctl: HOST answered HTTP 429 (a 'convex' token); try 2 of 3 in 3 s…`.
  private static func waitText(
    _ request: HTTPRequest, _ response: HTTPResponse?, nextTry: Int
  ) -> String {
    let host = URLParts.authority(of: request.url) ?? "the server"
    let what = response.map { "\(host) answered HTTP \($0.status)" } ?? "no answer from \(host)"
    let when =
      retryAfter(response).map { "in \(max(1, Int($0.rounded(.up)))) s" } ?? "in a moment"
    return "clerkctl: \(what)" + (purpose(of: request.url).map { " (\($0))" } ?? "")
      + "; try \(nextTry) of \(tries) \(when)…"
  }

  /// The seconds a 429 or 503 reply's `Retry-After` asks for, as ``RetryPolicy`` honours it.
  static func retryAfter(_ response: HTTPResponse?) -> Double? {
    guard let response, response.status == 429 || response.status == 503,
      let header = response.headers["Retry-After"]?.trimmingWhitespace(),
      let seconds = Double(header), seconds >= 0
    else { return nil }
    return min(seconds, RetryPolicy().maxRetryAfter)
  }
}
