import ClerkctlCore
import FoundationEssentials

/// Streaming renewal of M2M tokens, as `ClerkAuthProvider.idTokens` does for user tokens.
extension ClerkMachineTokenProvider {
  /// Fresh M2M tokens of one kind for as long as the service runs: the current token at once
  /// (the cached one while it has `minimumTokenTtl` + 1.5 s left, else a new one), then a new
  /// one each time the current one is about to have less than `minimumTokenTtl` left (on
  /// Clerk's clock, a second early for its precision, and half a second more so a wake-up a
  /// little early still renews). Renewals go through the store's cache and lock, so streams,
  /// `token(…)` callers and `clerkctl` on one identity share each creation (each one billed).
  /// A failed renewal (Clerk unreachable) is retried with backoff (1, 2, 4 … 30 s).
  /// The stream ends on `logout()`, when the identity is gone or refused, when its consumer
  /// stops iterating, or — before any token — when the request cannot be served: bad claims,
  /// or tokens that do not live longer than `minimumTokenTtl` + 1.5 s (a new one would be due
  /// for renewal at once; `token(…)` still hands out one such token).
  public func tokens(
    format: ClerkMachineToken.Format = .opaque, ttl: Int64? = nil, claimsJson: String? = nil
  ) -> AsyncStream<ClerkMachineToken> {
    let (stream, continuation) = AsyncStream<ClerkMachineToken>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let task = Task { [self] in
      await renew(format: format, ttl: ttl, claimsJson: claimsJson) { continuation.yield($0) }
      continuation.finish()
    }
    let id = streams.withLock {
      $0.add(MachineTokenStreams.Entry(task: task, finish: { continuation.finish() }))
    }
    continuation.onTermination = { [weak self] _ in
      task.cancel()
      _ = self?.streams.withLock { $0.entries.removeValue(forKey: id) }
    }
    return stream
  }

  /// The renewal loop: `deliver` gets each new token until cancelled or no token can be had.
  private func renew(
    format: ClerkMachineToken.Format, ttl: Int64?, claimsJson: String?,
    deliver: @Sendable (ClerkMachineToken) -> Void
  ) async {
    let request: MachineTokenRequest
    do {
      request = try Self.request(format: format, ttl: ttl, claimsJson: claimsJson)
    } catch {
      return
    }
    let renewal = TokenRenewal(minTTL: max(0, minimumTokenTtl))
    var last: String?
    var failures = 0
    while !Task.isCancelled {
      let pause: Double
      do {
        let (token, secondsLeft) = try await tokenResult(login: false) { account in
          try account.renewedToken(request, renewal: renewal)
        }
        failures = 0
        let changed = token.token != last
        if changed { deliver(token) }
        last = token.token
        let delay = renewal.delay(secondsLeft: Double(secondsLeft))
        pause = changed ? delay : max(delay, TokenRenewal.clockPrecision)
      } catch {
        guard case ClerkAuthError.unavailable = error else { return }
        failures += 1
        pause = renewal.backoff(failures: failures)
      }
      guard await sleep(pause) else { return }
    }
  }

  /// Sleeps `seconds` (at most a day) on the provider's clock; `false` when cancelled, at
  /// once.
  private func sleep(_ seconds: Double) async -> Bool {
    do {
      try await clock.suspend(min(seconds, 86_400))
      return !Task.isCancelled
    } catch {
      return false
    }
  }
}
