import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

/// The sign-in's steps that wait — for the user's code, for a retry after Clerk could not be
/// reached — on the provider's clock, against the emulator in memory. (The real-time smoke
/// test is the end-to-end `ClerkAuthProviderTests.signInTimeout`.)
@Suite("Library: the sign-in's waits on the provider's clock")
struct ClerkSignInTimingTests {
  static let totp = Base32.decode("JBSWY3DPEHPK3PXP") ?? []

  let emulator: InMemoryEmulator
  var time: TestClock { emulator.time }

  init() throws {
    emulator = try InMemoryEmulator(time: TestClock(sleeping: .virtual))
  }

  /// A password sign-in with a TOTP second factor the user takes `typing` seconds to type.
  private func mfaSignIn(_ provider: ClerkAuthProvider, typing: Double) -> ClerkSignInMethod {
    .password(
      identifier: "mfa@example.com", password: PublicAPITests.password,
      code: { [time] _ in
        time.advance(typing)
        return TOTP.code(secret: Self.totp, time: time.clock.epochSeconds)
      })
  }

  @Test("the time the user takes to type a code counts toward signInTimeout")
  func codeWaitCounts() async throws {
    let provider = PublicAPITests.provider(emulator, timeout: 30)
    let late = try await #require(throws: ClerkAuthError.self) {
      try await provider.login(mfaSignIn(provider, typing: 31))
    }
    #expect(late == .signInTimeout)
    await #expect(throws: ClerkAuthError.noActiveSession) { try await provider.loginFromCache() }

    let inTime = try await provider.login(mfaSignIn(provider, typing: 29))
    #expect(inTime.userId.hasPrefix("user_"))
  }

  @Test("a step Clerk could not be reached for is sent again after a backoff on the clock")
  func retriedAfterBackoff() async throws {
    let refusals = Lock(1)
    let flaky = HTTPClient { [emulator] request in
      let refuse = refusals.withLock { left in
        defer { left -= 1 }
        return left > 0
      }
      if refuse {
        throw HTTPError(.connect, url: request.url, message: "could not connect")
      }
      return try emulator.http.send(request)
    }
    let provider = ClerkAuthProvider(
      publishableKey: nil, frontendApiUrl: emulator.fapiURL, jwtTemplate: "convex",
      signInTimeout: 30, store: .inMemory(), http: flaky, clock: time.clock, environment: [:])
    let started = time.now
    let credentials = try await provider.login(
      identifier: PublicAPITests.email, password: PublicAPITests.password)
    #expect(credentials.userId.hasPrefix("user_"))
    #expect(time.slept.count == 1)
    let backoff = try #require(time.slept.first)
    #expect(backoff >= 0.25 && backoff < 0.75, "the first retry's backoff, with jitter")
    #expect(abs(time.now.timeIntervalSince(started) - backoff) < 0.001, "taken on the clock")
  }

  @Test("while Clerk cannot be reached, the retries never wait past the sign-in's deadline")
  func retriesKeepTheDeadline() async throws {
    emulator.stop()
    let provider = PublicAPITests.provider(emulator, timeout: 1)
    let started = time.now
    await #expect {
      try await provider.login(identifier: PublicAPITests.email, password: PublicAPITests.password)
    } throws: { error in
      guard let error = error as? ClerkAuthError else { return false }
      return error == .unavailable || error == .signInTimeout
    }
    #expect(!time.slept.isEmpty, "it backed off at least once")
    #expect(time.now.timeIntervalSince(started) < 1, "no wait ran past the deadline")
  }
}
