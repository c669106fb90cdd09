import ClerkTestSupport
import Testing

/// The renewal backoff the user-token and machine-token keepers share, walked on the virtual
/// clock: Clerk goes away as a renewal falls due, the retries wait 1 s, then 2 s, none comes
/// before its wait ends, and Clerk is back when the next retry is due. The caller then reads the
/// token the stream recovered with.
enum RenewalBackoff {
  /// `seconds` to the hundredth: the clock's pending waits, compared without float noise.
  static func rounded(_ seconds: Double) -> Double { (seconds * 100).rounded() / 100 }

  /// Walks `emulator`'s clock from a stream asleep until its renewal (`renewalDelay` away)
  /// through two failed retries to the one that reaches Clerk again.
  static func walk(_ emulator: InMemoryEmulator, renewalDelay: Double) async {
    let time = emulator.time
    emulator.stop()
    time.advance(renewalDelay)
    #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [1], "first backoff")
    time.advance(1)
    #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [2], "second backoff")
    time.advance(1.5)
    #expect(time.pendingSleeps.map(rounded) == [0.5], "no retry before the backoff ends")
    emulator.start()
    time.advance(0.5)
  }
}
