import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// Keeps one token fresh for as long as something runs: replaces it when it runs low (on
/// Clerk's clock, see `TokenRenewal`), through the account's cache and profile lock, so every
/// keeper and `clerkctl token` on the profile shares each mint. A failed renewal keeps the old
/// token and is retried with backoff; a session that ended stops it for good.
///
/// `run()` does the renewing on the calling thread until `stop()`; `current()` answers from
/// any thread.
package final class TokenKeeper: Sendable {
  /// What happened, reported to the `onEvent` handler in order, never two at a time.
  package enum Event: Sendable {
    /// A new token (this keeper minted it, or found another process's mint in the cache).
    case renewed(ClerkAccount.TokenResult)
    /// A renewal failed; the next try is in `retryIn` seconds, while the kept token (if any)
    /// has `secondsLeft`.
    case failed(any Error, retryIn: Double, secondsLeft: Double)
    /// The kept token has run out while renewals fail.
    case expired
    /// The session has ended: no more renewals.
    case ended(any Error)
  }

  /// Where tokens come from.
  package let source: TokenSource
  package let template: String?
  package let renewal: TokenRenewal
  private let wakeup: Wakeup
  private let onEvent: @Sendable (Event) -> Void
  private let state = Lock(State())

  private struct State {
    var current: ClerkAccount.TokenResult?
    var failures = 0
    var expiredReported = false
    /// Whether the last renewal kept the same token.
    var unchanged = false
    var ended: (any Error)?
    var closed = false
  }

  /// - Parameters:
  ///   - account: the profile's account.
  ///   - template: the JWT template; `nil` for the session token.
  ///   - renewal: how long a token must have left.
  ///   - wakeup: cut short by `stop()` (and by signals, when the caller arranges it).
  ///   - onEvent: told of each change; runs under the keeper's lock, so it must not call back.
  package convenience init(
    account: ClerkAccount, template: String?, renewal: TokenRenewal,
    wakeup: Wakeup = Wakeup(), onEvent: @escaping @Sendable (Event) -> Void
  ) {
    self.init(
      source: .user(account, template: template), template: template, renewal: renewal,
      wakeup: wakeup, onEvent: onEvent)
  }

  /// A keeper of `source`'s tokens (`template`: what the endpoint's JSON names).
  package init(
    source: TokenSource, template: String? = nil, renewal: TokenRenewal,
    wakeup: Wakeup = Wakeup(), onEvent: @escaping @Sendable (Event) -> Void
  ) {
    self.source = source
    self.template = template
    self.renewal = renewal
    self.wakeup = wakeup
    self.onEvent = onEvent
  }

  /// Gets the first token (reported as `.renewed`).
  ///
  /// - Parameter forceRefresh: mint it even when the cache holds a good one.
  /// - Throws: what minting throws; nothing is reported then.
  @discardableResult
  package func start(forceRefresh: Bool = false) throws -> ClerkAccount.TokenResult {
    let result = try source.token(renewal.requestedTTL, forceRefresh)
    accept(result)
    return result
  }

  /// Renews until `stop()` or the session ends (then `endError` says why).
  package func run() {
    while true {
      let pause: Double = state.withLock { state in
        if state.failures > 0 { return renewal.backoff(failures: state.failures) }
        guard let current = state.current else { return 0 }
        let delay = renewal.delay(secondsLeft: secondsLeft(current))
        // A renewal that brought nothing newer (tokens too short-lived to reach the renewal
        // point) waits a little instead of asking again at once.
        return state.unchanged ? max(delay, TokenRenewal.clockPrecision) : delay
      }
      if wakeup.wait(pause) { return }
      if (try? renew()) == nil, endError != nil { return }
    }
  }

  /// The kept token while it has at least `renewal.minTTL` left, else a renewed one.
  ///
  /// - Throws: why no token could be had (the session ended, Clerk unreachable, …).
  package func current() throws -> ClerkAccount.TokenResult {
    let kept: ClerkAccount.TokenResult? = try state.withLock { state in
      if let ended = state.ended { throw ended }
      guard let current = state.current, secondsLeft(current) >= renewal.minTTL else {
        return nil
      }
      return current
    }
    if let kept { return kept }
    return try renew()
  }

  /// Seconds `result`'s token has left now, on Clerk's clock.
  package func secondsLeft(_ result: ClerkAccount.TokenResult) -> Double {
    source.secondsLeft(result)
  }

  /// Why renewing stopped for good, once the session ended.
  package var endError: (any Error)? { state.withLock { $0.ended } }

  /// Stops `run()` and reports nothing more.
  package func stop() {
    state.withLock { $0.closed = true }
    wakeup.wake()
  }

  /// One renewal, reported.
  @discardableResult
  private func renew() throws -> ClerkAccount.TokenResult {
    do {
      let result = try source.renewed(renewal)
      accept(result)
      return result
    } catch {
      failed(error)
      throw error
    }
  }

  /// Keeps `result` unless a newer token is kept already; reports a change.
  private func accept(_ result: ClerkAccount.TokenResult) {
    state.withLock { state in
      state.failures = 0
      state.expiredReported = false
      if let current = state.current, current.token.expiresAt >= result.token.expiresAt {
        state.unchanged = current.token.jwt == result.token.jwt
        return
      }
      state.unchanged = false
      state.current = result
      if !state.closed { onEvent(.renewed(result)) }
    }
  }

  private func failed(_ error: any Error) {
    state.withLock { state in
      if Self.sessionEnded(error) {
        if state.ended == nil {
          state.ended = error
          if !state.closed { onEvent(.ended(error)) }
        }
        wakeup.wake()
        return
      }
      state.failures += 1
      let left = state.current.map { secondsLeft($0) } ?? 0
      guard !state.closed else { return }
      onEvent(.failed(error, retryIn: renewal.backoff(failures: state.failures), secondsLeft: left))
      if left <= 0, !state.expiredReported {
        state.expiredReported = true
        onEvent(.expired)
      }
    }
  }

  /// Whether `error` says the session is gone for good (signed out, ended, revoked).
  static func sessionEnded(_ error: any Error) -> Bool {
    if case ClerkError.notSignedIn = error { return true }
    if case MachineAuthError.secretRefused = error { return true }
    return false
  }
}

extension TokenKeeper {
  /// The first token's error as the user should read it: a template whose tokens live too
  /// briefly to be renewed with `--min-ttl` left is a usage error naming the flag.
  static func explain(_ error: any Error, renewal: TokenRenewal) -> any Error {
    switch error {
    case ClerkError.tokenTooShortLived(let lifetime, _):
      return UsageError(tooShortToKeep(minTTL: renewal.minTTL, lifetime: lifetime))
    case MachineAuthError.minTTLNotBelowLifetime(_, let lifetime):
      // The keeper asked for more than `--min-ttl` (its renewal margin).
      return MachineAuthError.tooShortToKeep(minTTL: renewal.minTTL, lifetime: lifetime)
    default:
      return error
    }
  }

  /// Why `--min-ttl` cannot keep tokens of `lifetime` seconds (`nil`: the machine's default)
  /// fresh, and what would.
  static func tooShortToKeep(minTTL: Double, lifetime: Int64?) -> String {
    guard let lifetime else {
      return "'--min-ttl' \(minTTL.secondsText) leaves no time to renew the machine's tokens; "
        + "lower it or pick a longer '--ttl'"
    }
    let most = Double(lifetime) - TokenRenewal.clockPrecision - TokenRenewal.slack - 1
    return "'--min-ttl' \(minTTL.secondsText) leaves no time to renew tokens that live "
      + "\(lifetime) s; pick at most \(max(0, most.rounded(.down)).secondsText) s"
  }

}
