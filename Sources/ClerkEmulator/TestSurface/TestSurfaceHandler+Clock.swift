import ClerkctlCore
import ClerkctlHTTP

extension TestSurfaceHandler {
  /// `POST /__emulator/clock` with `{"advance": SECONDS}`: moves the emulator's clock ahead
  /// (never back) by that many seconds, for everything it times — token `iat`/`exp`, expiry of
  /// sessions and M2M tokens, the grace period of a rotated machine secret, `Date` headers.
  /// Answers `{"offset": total seconds moved, "now": milliseconds}`.
  func advanceClock(_ context: RequestContext) -> HTTPResponse {
    guard let body = context.jsonBody, let value = body["advance"] else {
      return clerkError(.paramMissing("advance"))
    }
    guard let seconds = value.doubleValue, seconds.isFinite, seconds > 0,
      seconds <= 315_360_000
    else {
      return clerkError(
        .paramInvalid(
          "advance", "advance must be a number of seconds > 0 (the clock never goes back)"))
    }
    let offset = services.clockShift.advance(seconds)
    return json(["offset": .double(offset), "now": .int(nowMilliseconds)])
  }
}
