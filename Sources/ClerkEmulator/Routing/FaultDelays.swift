import ClerkctlCore

/// The waits of delayed faults (`delay_ms`), which end early once the emulator stops: a
/// stopping server never waits for a delay to run out.
///
/// A delay sleeps on the emulator's clock in slices of at most ``slice`` seconds and looks at
/// the stop flag between them, so an injected clock still decides how long a delay takes, and
/// on the system clock ``wake()`` ends every delay within one slice.
final class FaultDelays: Sendable {
  /// The longest sleep between two looks at the stop flag, in seconds.
  static let slice = 0.02

  private let stopped = Lock(false)

  /// Sleeps `seconds` on `clock`, or less once ``wake()`` was called (at once after it).
  func sleep(_ seconds: Double, on clock: Clock) {
    var left = seconds
    while left > 0, !stopped.withLock({ $0 }) {
      let step = min(left, Self.slice)
      clock.sleep(step)
      left -= step
    }
  }

  /// Ends every delay in progress, and every later one at once.
  func wake() { stopped.withLock { $0 = true } }

}
