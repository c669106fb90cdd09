import ClerkctlCore
import Foundation
import Glibc

/// The one fake clock for tests: time moves only when the test says so (`advance(_:)`), or,
/// with `.advancesTime`, when something sleeps on it. Every sleep is recorded.
public final class TestClock: Sendable {
  /// What a `sleep` on this clock does.
  public enum Sleeping: Sendable {
    /// Returns at once; time stands still (waits are recorded, never taken).
    case recordsOnly
    /// Returns at once and moves time forward by the sleep (a wait takes no real time).
    case advancesTime
    /// Sleeps for real (for lock polling among threads); time still stands still.
    case sleepsForReal
  }

  private struct State {
    var now: Date
    var slept: [Double] = []
  }

  private let state: Lock<State>
  private let sleeping: Sleeping

  /// A clock at `start` (by default 2025-10-09, a fixed instant).
  public init(
    _ start: Date = Date(timeIntervalSince1970: 1_760_000_000), sleeping: Sleeping = .recordsOnly
  ) {
    state = Lock(State(now: start))
    self.sleeping = sleeping
  }

  /// The clock's time now.
  public var now: Date { state.withLock { $0.now } }

  /// Moves time forward by `seconds`.
  public func advance(_ seconds: Double) { state.withLock { $0.now += seconds } }

  /// Every sleep asked of the clock, in order.
  public var slept: [Double] { state.withLock { $0.slept } }

  /// The sum of the sleeps asked of the clock.
  public var totalSlept: Double { slept.reduce(0, +) }

  /// The clock as ClerkKit takes it.
  package var clock: Clock {
    let sleeping = self.sleeping
    return Clock(
      now: { [self] in now },
      sleep: { [self] seconds in
        state.withLock { state in
          state.slept.append(seconds)
          if sleeping == .advancesTime { state.now += seconds }
        }
        if sleeping == .sleepsForReal { Clock.system.sleep(seconds) }
      })
  }
}
