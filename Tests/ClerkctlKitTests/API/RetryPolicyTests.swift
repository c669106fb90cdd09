import Foundation
import Testing

@testable import ClerkctlCore
@testable import ClerkctlHTTP
@testable import ClerkctlKit

/// A virtual clock and a scripted HTTP client: each request takes the next outcome, sleeps
/// advance the clock, and everything is recorded.
private final class Bench: Sendable {
  private struct State {
    var now = Date(timeIntervalSince1970: 1_700_000_000)
    var outcomes: [Result<HTTPResponse, HTTPError>]
    var sleeps: [Double] = []
    var timeouts: [Double] = []
  }
  private let state: Lock<State>
  /// Seconds each request takes on the virtual clock.
  let requestCost: Double

  init(_ outcomes: [Result<HTTPResponse, HTTPError>], requestCost: Double = 0) {
    state = Lock(State(outcomes: outcomes))
    self.requestCost = requestCost
  }

  var clock: Clock {
    Clock(
      now: { self.state.withLock { $0.now } },
      sleep: { seconds in
        self.state.withLock {
          $0.sleeps.append(seconds)
          $0.now += seconds
        }
      })
  }

  var http: HTTPClient {
    HTTPClient { request in
      let outcome = self.state.withLock { state in
        state.timeouts.append(request.timeout)
        state.now += min(self.requestCost, request.timeout)
        return state.outcomes.isEmpty ? .success(Self.reply(200)) : state.outcomes.removeFirst()
      }
      return try outcome.get()
    }
  }

  var sleeps: [Double] { state.withLock { $0.sleeps } }
  var timeouts: [Double] { state.withLock { $0.timeouts } }
  var attempts: Int { timeouts.count }

  static func reply(
    _ status: Int, body: String = #"{"jwt":"a.b.c"}"#, headers: HTTPHeaders = [:]
  )
    -> HTTPResponse
  {
    HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
  }

  static func failure(_ kind: HTTPError.Kind) -> Result<HTTPResponse, HTTPError> {
    .failure(HTTPError(kind, url: "http://127.0.0.1/", message: "failed (\(kind))"))
  }
}

@Suite("Retry policy")
struct RetryPolicyTests {
  private func client(_ bench: Bench, timeout: Double = 15) -> FrontendAPIClient {
    var policy = RetryPolicy()
    policy.random = { 0.5 }
    return FrontendAPIClient(
      baseURL: "http://127.0.0.1:1", clientToken: "client", http: bench.http, clock: bench.clock,
      requestTimeout: timeout, retry: policy)
  }

  @Test("429 waits what Retry-After says, in seconds or as an HTTP date, capped at 10 s")
  func retryAfter() throws {
    let date = HTTPDate.format(Date(timeIntervalSince1970: 1_700_000_000 + 3))
    let bench = Bench([
      .success(Bench.reply(429, body: "{}", headers: ["Retry-After": "1"])),
      .success(Bench.reply(429, body: "{}", headers: ["Retry-After": date])),
    ])
    #expect(try client(bench).mintToken(sessionID: "sess", template: nil) == "a.b.c")
    #expect(bench.sleeps.count == 2)
    #expect(bench.sleeps.first == 1)
    #expect(abs((bench.sleeps.last ?? 0) - 2) < 0.01)

    let capped = Bench([.success(Bench.reply(429, body: "{}", headers: ["Retry-After": "3600"]))])
    _ = try client(capped).mintToken(sessionID: "sess", template: nil)
    #expect(capped.sleeps == [10])
  }

  @Test("5xx, 408 and connection failures back off exponentially with jitter")
  func backoff() throws {
    let bench = Bench([.success(Bench.reply(503, body: "down")), .success(Bench.reply(408))])
    _ = try client(bench).mintToken(sessionID: "sess", template: nil)
    #expect(bench.sleeps == [0.5, 1.0])
    let refused = Bench([Bench.failure(.connect), Bench.failure(.timeout)])
    _ = try client(refused).mintToken(sessionID: "sess", template: nil)
    #expect(refused.attempts == 3)
  }

  @Test("Three attempts in all, then the failure says what happened")
  func givesUp() {
    let bench = Bench(
      Array(repeating: .success(Bench.reply(503, body: "<html><title>Bad</title>")), count: 5))
    #expect(throws: ClerkError.unavailable(status: 503, summary: "an HTML page titled 'Bad'")) {
      try client(bench).mintToken(sessionID: "sess", template: nil)
    }
    #expect(bench.attempts == 3)
    let refused = Bench(Array(repeating: Bench.failure(.connect), count: 5))
    #expect(throws: ClerkError.self) { try client(refused).client() }
    #expect(refused.attempts == 3)
  }

  @Test("Sign-in attempts are repeated only when nothing reached the server")
  func signInAttempts() throws {
    for outcome in [
      Bench.failure(.timeout), Bench.failure(.malformed), .success(Bench.reply(503, body: "x")),
      .success(Bench.reply(429, body: "{}", headers: ["Retry-After": "0"])),
    ] {
      let bench = Bench([outcome])
      #expect(throws: ClerkError.self) { try client(bench).createSignIn([("identifier", "a")]) }
      #expect(bench.attempts == 1)
    }
    let refused = Bench([Bench.failure(.connect), Bench.failure(.dns)])
    #expect(throws: ClerkError.self) { try client(refused).createSignIn([("identifier", "a")]) }
    #expect(refused.attempts == 3)
  }

  @Test("A stalled server is given up within the budget, retries cut to what is left")
  func budget() {
    let bench = Bench(Array(repeating: Bench.failure(.timeout), count: 5), requestCost: 15)
    #expect(throws: ClerkError.self) { try client(bench).client() }
    #expect(bench.timeouts == [15, 14.5])
    #expect(bench.timeouts.reduce(0, +) + bench.sleeps.reduce(0, +) <= 30)

    let quick = Bench(Array(repeating: Bench.failure(.timeout), count: 5), requestCost: 2)
    #expect(throws: ClerkError.self) { try client(quick, timeout: 2).client() }
    #expect(quick.timeouts == [2, 2, 2])
  }

  @Test("The budget counts from when the command started")
  func budgetFromStart() {
    let bench = Bench([
      .success(Bench.reply(503, body: "x")), .success(Bench.reply(503, body: "x")),
    ])
    var policy = RetryPolicy()
    policy.startedAt = bench.clock.now().addingTimeInterval(-29.9)
    let api = FrontendAPIClient(
      baseURL: "http://127.0.0.1:1", clientToken: nil, http: bench.http, clock: bench.clock,
      retry: policy)
    #expect(throws: ClerkError.self) { try api.client() }
    #expect(bench.attempts == 1)
  }
}
