import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation
import Testing

@testable import ClerkEmulator

/// Stopping the emulator ends the delays of faults at once: a stopping server never waits for
/// a delay to run out.
@Suite("Fault delays wake on stop", .tags(.security))
struct FaultDelayWakeTests {
  /// A request to `path` as a loopback client sends it, with the run's test token.
  private static func request(
    _ emulator: Emulator, _ method: String, _ path: String, body: JSONValue? = nil
  ) -> HTTPServerRequest {
    var headers: HTTPHeaders = ["Host": "127.0.0.1:8787", "X-Emulator-Token": emulator.testToken]
    if body != nil { headers.add(name: "Content-Type", value: "application/json") }
    return HTTPServerRequest(
      method: method, target: path, headers: headers, body: body?.encodedBytes ?? [],
      remoteAddress: "127.0.0.1")
  }

  @Test("a 60 s delay ends at the first look after stopDelays(), and the request is served")
  func wakesOnStop() throws {
    let holder = Lock<Emulator?>(nil)
    let sleeps = Lock<[Double]>([])
    // The clock's sleep returns at once; on the fifth one the emulator is told to stop.
    let clock = Clock(
      now: { Date(timeIntervalSince1970: 1_760_000_000) },
      sleep: { seconds in
        let count = sleeps.withLock { sleeps in
          sleeps.append(seconds)
          return sleeps.count
        }
        if count == 5 { holder.withLock { $0 }?.stopDelays() }
      })
    let emulator = Emulator(
      baseURL: "http://127.0.0.1:8787", privateKey: try RFC7515Key.privateKey(), clock: clock)
    holder.withLock { $0 = emulator }
    // The clock's closure holds the emulator that holds the clock: break the cycle at the end
    // (LeakSanitizer reported the emulator under `make sanitize`).
    defer { holder.withLock { $0 = nil } }
    let queued = emulator.handle(
      Self.request(
        emulator, "POST", "/__emulator/faults",
        body: ["path": "/v1/environment", "delay_ms": 60_000]))
    guard case .respond(let reply) = queued.action else {
      Issue.record("the fault was not queued")
      return
    }
    #expect(reply.status == 200)
    guard
      case .respond(let served) = emulator.handle(
        Self.request(emulator, "GET", "/v1/environment")
      ).action
    else {
      Issue.record("the delayed request was dropped")
      return
    }
    #expect(served.status == 200)
    let taken = sleeps.withLock { $0 }
    #expect(taken.count == 5, "\(taken.count) sleeps")
    #expect(taken.allSatisfy { $0 <= FaultDelays.slice })
  }

  @Test("after stopDelays() a queued delay does not sleep at all")
  func laterDelaysEndAtOnce() throws {
    let time = TestClock()
    let emulator = Emulator(
      baseURL: "http://127.0.0.1:8787", privateKey: try RFC7515Key.privateKey(),
      clock: time.clock)
    emulator.stopDelays()
    _ = emulator.handle(
      Self.request(
        emulator, "POST", "/__emulator/faults",
        body: ["path": "/v1/environment", "delay_ms": 60_000]))
    _ = emulator.handle(Self.request(emulator, "GET", "/v1/environment"))
    #expect(time.totalSlept == 0)
  }

  @Test("without a stop, a delay sleeps its whole length on the emulator's clock")
  func fullDelay() throws {
    let time = TestClock()
    let emulator = Emulator(
      baseURL: "http://127.0.0.1:8787", privateKey: try RFC7515Key.privateKey(),
      clock: time.clock)
    _ = emulator.handle(
      Self.request(
        emulator, "POST", "/__emulator/faults",
        body: ["path": "/v1/environment", "delay_ms": 1500]))
    _ = emulator.handle(Self.request(emulator, "GET", "/v1/environment"))
    #expect(abs(time.totalSlept - 1.5) < 1e-6)
  }
}
