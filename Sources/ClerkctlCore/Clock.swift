import FoundationEssentials
import Glibc

/// The time source: `now()` for timestamps, `sleep` for a blocking thread's waits, `suspend`
/// for a task's (the library's timers: renewals, backoffs, waiters). Tests inject fixed,
/// stepped or virtual clocks instead of sleeping.
package struct Clock: Sendable {
  /// The current time.
  package var now: @Sendable () -> Date
  /// Blocks the calling thread for the given seconds.
  package var sleep: @Sendable (Double) -> Void
  /// Suspends the calling task for the given seconds; throws `CancellationError` as soon as
  /// the task is cancelled (at once when it already is).
  package var suspend: @Sendable (Double) async throws -> Void

  /// - Parameter suspend: a task's wait; by default one that returns at once (after checking
  ///   for cancellation), as a clock whose `sleep` takes no time would.
  package init(
    now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Double) -> Void,
    suspend: @escaping @Sendable (Double) async throws -> Void = Clock.returnsAtOnce
  ) {
    self.now = now
    self.sleep = sleep
    self.suspend = suspend
  }

  /// The system clock.
  package static let system = Clock(
    now: { Date() },
    sleep: { seconds in
      guard seconds > 0, seconds.isFinite else { return }
      let whole = seconds.rounded(.down)
      var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
      var remaining = timespec()
      while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    },
    suspend: { seconds in
      guard seconds > 0, seconds.isFinite else { return try Task.checkCancellation() }
      try await Task.sleep(nanoseconds: UInt64(min(seconds, 1e9) * 1e9))
    }
  )

  /// A clock that always says `date` and returns from `sleep` and `suspend` at once.
  package static func fixed(_ date: Date) -> Clock {
    Clock(now: { date }, sleep: { _ in })
  }

  /// A task's wait that takes no time: returns at once unless the task is cancelled.
  package static let returnsAtOnce: @Sendable (Double) async throws -> Void = { _ in
    try Task.checkCancellation()
  }

  /// Seconds since the Unix epoch, now.
  package var epochSeconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }
}
