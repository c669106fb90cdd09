import ClerkctlCore
import Foundation

/// How far the test surface has moved the emulator's clock ahead (`POST /__emulator/clock`),
/// so tests can let tokens expire and grace periods end without waiting.
final class ClockShift: @unchecked Sendable {
  private let lock = NSLock()
  private var offset: Double = 0

  /// The seconds added to the base clock so far.
  var seconds: Double { lock.withLock { offset } }

  /// Moves the clock ahead by `seconds`; returns the total shift.
  @discardableResult
  func advance(_ seconds: Double) -> Double {
    lock.withLock {
      offset += seconds
      return offset
    }
  }

  /// `base` shifted by this offset (sleeps are the base clock's).
  func shifting(_ base: Clock) -> Clock {
    Clock(
      now: { [self] in base.now().addingTimeInterval(seconds) }, sleep: base.sleep,
      suspend: base.suspend)
  }
}
