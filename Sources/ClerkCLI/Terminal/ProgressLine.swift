import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import Dispatch

/// One line of progress on stderr for a slow HTTP call (on a terminal only, never with
/// `--json`): when a request is still unanswered after `delay` seconds, it says what it waits
/// for and which try it is on; the line is cleared when the answer comes.
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
        end(generation, failed: RetryPolicy.isRetryable(status: response.status))
        return response
      } catch {
        end(generation, failed: true)
        throw error
      }
    }
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
      + (attempt > 1 ? " (try \(attempt) of \(max(attempt, Self.tries)))" : "")
    schedule(delay) { [self] in
      state.withLock { state in
        guard state.pending, state.generation == generation else { return }
        state.shown = true
        write("\r\u{1B}[K" + text)
      }
    }
    return generation
  }

  private func end(_ generation: Int, failed: Bool) {
    state.withLock { state in
      guard state.generation == generation else { return }
      state.pending = false
      state.lastFailed = failed
      if state.shown {
        state.shown = false
        write("\r\u{1B}[K")
      }
    }
  }
}
