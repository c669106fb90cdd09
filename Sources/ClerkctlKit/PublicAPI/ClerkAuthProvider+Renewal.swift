import ClerkctlCore

extension ClerkAuthProvider {
  /// A task keeping tokens fresh, and how to end what it feeds.
  struct Renewal: Sendable {
    let task: Task<Void, Never>
    let finish: @Sendable () -> Void
  }

  /// Fresh tokens for as long as the app runs: the current token at once (the cached one while
  /// it has `minimumTokenTtl` left, else a new one), then a new one each time the current one
  /// is about to have less than `minimumTokenTtl` left (judged on Clerk's clock, a second
  /// early for its precision). Renewals go through the store's token cache and lock, so a
  /// stream, `onIdToken` and `clerkctl` on one sign-in share each mint. A failed renewal is
  /// retried with backoff (1, 2, 4 … 30 s) while the old token lasts and after. The stream
  /// ends on `logout()`, when the session ends or cannot be used (no sign-in, no such
  /// template, no instance), or when its consumer stops iterating.
  ///
  /// This is what a Convex client needs from an auth provider: hand each token to it as it
  /// comes (`client.setAuth(token)`).
  public var idTokens: AsyncStream<String> {
    let (stream, continuation) = AsyncStream<String>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      state.nextRenewal += 1
      return state.nextRenewal
    }
    let task = Task { [self] in
      await renewTokens { jwt, _ in continuation.yield(jwt) }
      _ = state.withLock { $0.renewals.removeValue(forKey: id) }
      continuation.finish()
    }
    state.withLock { state in
      state.renewals[id] = Renewal(task: task, finish: { continuation.finish() })
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// Hands `onIdToken` the token the caller got back, unless it has had it (a sign-in this
  /// provider made gave it on already), then starts (once) renewing the token for it, until
  /// logout or the session ends. A Convex client that reads tokens only through `onIdToken`
  /// so gets the first one too, and never one twice.
  ///
  /// - Parameter handedOut: what the caller got back.
  func keepCallbackFresh(handedOut: ClerkCredentials) {
    // Handed on before the renewal starts, so a newer token never reaches it first.
    let first = state.withLock { $0.delivery(of: handedOut.idToken) }
    first?(handedOut.idToken)
    state.withLock { state in
      guard state.callbackRenewal == nil, state.onIdToken != nil else { return }
      state.nextRenewal += 1
      let id = state.nextRenewal
      state.callbackRenewal = id
      let task = Task { [weak self] in
        await self?.renewTokens { [weak self] jwt, _ in
          // Tokens this provider minted reached onIdToken already; one minted elsewhere
          // (another process sharing the store) is handed on here.
          let callback = self?.state.withLock { $0.delivery(of: jwt) }
          callback?(jwt)
        }
        self?.state.withLock { state in
          state.renewals.removeValue(forKey: id)
          if state.callbackRenewal == id { state.callbackRenewal = nil }
        }
      }
      state.renewals[id] = Renewal(task: task, finish: {})
    }
  }

  /// The renewal loop: calls `deliver` with each new token (and whether this provider minted
  /// it) until cancelled or the session can no longer give tokens.
  func renewTokens(deliver: @escaping @Sendable (String, Bool) -> Void) async {
    let renewal = TokenRenewal(minTTL: minimumTokenTtl)
    let template = jwtTemplate
    var last: String?
    var failures = 0
    var pause = 0.0
    var first = true
    while !Task.isCancelled {
      if pause > 0 {
        do {
          try await clock.suspend(min(pause, 86_400))
        } catch {
          return
        }
      }
      let minTTL = first ? minimumTokenTtl : renewal.requestedTTL
      do {
        let outcome = try await performTimed(.token, announce: false) { account in
          return minTTL == renewal.requestedTTL
            ? try account.renewedToken(template: template, renewal: renewal)
            : try account.token(template: template, minTTL: minTTL, forceRefresh: false)
        }
        failures = 0
        let jwt = outcome.credentials.idToken
        let changed = jwt != last
        if changed { deliver(jwt, outcome.minted) }
        last = jwt
        first = false
        let delay = renewal.delay(secondsLeft: outcome.secondsLeft)
        pause = changed ? delay : max(delay, TokenRenewal.clockPrecision)
      } catch {
        guard case ClerkAuthError.unavailable = error else { return }
        failures += 1
        pause = renewal.backoff(failures: failures)
      }
    }
  }
}
