import FoundationEssentials
import Glibc

/// The time source: `now()` for timestamps, `sleep` for waits. Tests inject fixed or stepped
/// clocks instead of sleeping.
package struct Clock: Sendable {
  /// The current time.
  package var now: @Sendable () -> Date
  /// Blocks the calling thread for the given seconds.
  package var sleep: @Sendable (Double) -> Void

  package init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Double) -> Void) {
    self.now = now
    self.sleep = sleep
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
    }
  )

  /// A clock that always says `date` and returns from `sleep` at once.
  package static func fixed(_ date: Date) -> Clock {
    Clock(now: { date }, sleep: { _ in })
  }

  /// Seconds since the Unix epoch, now.
  package var epochSeconds: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }
}
