import ClerkctlCore
import Foundation
import Glibc

/// The one fake clock for tests: time moves only when the test says so (`advance(_:)`), or,
/// with `.advancesTime`, when something sleeps on it. Every sleep is recorded.
public final class TestClock: Sendable {
  /// What a `sleep` (a blocking thread's) or a `suspend` (a task's) on this clock does.
  public enum Sleeping: Sendable {
    /// Returns at once; time stands still (waits are recorded, never taken).
    case recordsOnly
    /// Returns at once and moves time forward by the sleep (a wait takes no real time).
    case advancesTime
    /// Sleeps for real (for lock polling among threads); time still stands still.
    case sleepsForReal
    /// A task's wait suspends until the test moves time past its end (`advance(_:)`) or the
    /// task is cancelled (then it throws at once); the test sees the waits pending
    /// (`pendingSleeps(atLeast:)`). A blocking thread's sleep (a request's retry backoff, a
    /// lock's poll) moves time forward at once, as with `.advancesTime`.
    case virtual
  }

  struct State {
    var now: Date
    var slept: [Double] = []
    var nextID = 0
    /// The tasks' waits under `.virtual`, by id.
    var sleeps: [Int: Sleep] = [:]
    /// Tests waiting for waits to be pending.
    var watchers: [Watcher] = []
  }

  /// A task's wait under `.virtual`: announced when it starts, holding its continuation once
  /// the task has suspended.
  struct Sleep {
    let seconds: Double
    let wakesAt: Date
    var continuation: CheckedContinuation<Void, any Error>?
    var cancelled = false
  }

  /// A test waiting for `count` waits to be pending (`nil`: it is to look again).
  struct Watcher {
    let count: Int
    let continuation: CheckedContinuation<[Double]?, Never>
  }

  let state: Lock<State>
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

  /// Moves time forward by `seconds`, waking the tasks whose waits end by then.
  public func advance(_ seconds: Double) {
    let due = state.withLock { state in
      state.now += seconds
      return state.takeDue()
    }
    for continuation in due { continuation.resume() }
  }

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
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
          state.slept.append(seconds)
          guard sleeping == .advancesTime || sleeping == .virtual else { return [] }
          state.now += seconds
          return state.takeDue()
        }
        for continuation in due { continuation.resume() }
        if sleeping == .sleepsForReal { Clock.system.sleep(seconds) }
      },
      suspend: { [self] seconds in
        switch sleeping {
        case .virtual:
          try await suspendVirtually(seconds)
        case .sleepsForReal:
          state.withLock { $0.slept.append(seconds) }
          try await Clock.system.suspend(seconds)
        case .recordsOnly, .advancesTime:
          state.withLock { state in
            state.slept.append(seconds)
            if sleeping == .advancesTime { state.now += seconds }
          }
          try Task.checkCancellation()
        }
      })
  }
}

extension TestClock.State {
  /// How close to its end a wait counts as ended: advancing by a wait's `pending` seconds
  /// (a difference of two `Date`s, to within their rounding) reaches its end.
  static let tolerance = 1e-6

  /// Whether a wait ending at `date` has ended.
  func ended(_ date: Date) -> Bool { date.timeIntervalSince(now) <= Self.tolerance }

  /// Takes out the continuations of the waits that end by `now`, soonest first; time is at
  /// least the end of each (so a woken task never finds its deadline a rounding away).
  mutating func takeDue() -> [CheckedContinuation<Void, any Error>] {
    let due = sleeps.filter { $0.value.continuation != nil && ended($0.value.wakesAt) }
      .sorted { ($0.value.wakesAt, $0.key) < ($1.value.wakesAt, $1.key) }
    for (id, sleep) in due {
      sleeps.removeValue(forKey: id)
      now = max(now, sleep.wakesAt)
    }
    return due.compactMap(\.value.continuation)
  }

  /// The seconds each suspended wait has left, soonest first.
  var pending: [Double] {
    sleeps.values.filter { $0.continuation != nil }.map { $0.wakesAt.timeIntervalSince(now) }
      .sorted()
  }

  /// Takes out the watchers that now see as many waits as they wait for.
  mutating func takeSatisfiedWatchers() -> [CheckedContinuation<[Double]?, Never>] {
    let count = pending.count
    let satisfied = watchers.filter { $0.count <= count }
    watchers.removeAll { $0.count <= count }
    return satisfied.map(\.continuation)
  }
}
