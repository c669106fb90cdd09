import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Foundation
import Testing

/// `login()`'s wait for a sign-in, against the emulator in memory on a virtual clock: the
/// waiter's looks at the store are waits pending on the clock, so a test sees it asleep, wakes
/// it and times it out without a real sleep. (The real-time smoke test is the end-to-end
/// `ClerkAuthProviderTests.loginWaitsForSignIn`.)
@Suite("Library: login() waiting for a sign-in on a virtual clock", .timeLimit(.minutes(2)))
struct ClerkAuthProviderWaitingTests {
  let emulator: InMemoryEmulator
  var time: TestClock { emulator.time }

  init() throws {
    emulator = try InMemoryEmulator(time: TestClock(sleeping: .virtual))
  }

  @Test("a waiter sees a sign-in on its provider at its next look, and reports loading")
  func wokenBySignIn() async throws {
    let provider = PublicAPITests.provider(emulator)
    let states = provider.authState
    let waiter = Task { try await provider.login() }
    #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [0.2], "it looks again later")

    let signedIn = try await provider.login(
      identifier: PublicAPITests.email, password: PublicAPITests.password)
    #expect(time.pendingSleeps.count == 1, "the waiter sleeps until its next look")
    time.advance(ClerkAuthProvider.signInPollInterval)
    let waited = try await waiter.value
    #expect(waited == signedIn)
    #expect(time.pendingSleeps.isEmpty)
    var seen: [AuthState<ClerkCredentials>] = []
    for await state in states {
      seen.append(state)
      if case .authenticated = state { break }
    }
    #expect(seen.first == .unauthenticated && seen.contains(.loading))
  }

  @Test("a waiter sees a sign-in another provider stored on the same file store")
  func wokenByAnotherProvider() async throws {
    let config = TemporaryDirectory(prefix: "clerkkit-wait")
    let store = { ClerkCredentialStore.file(profile: "app", configDirectory: config.path) }
    let waiter = PublicAPITests.provider(emulator, store: store())
    let other = PublicAPITests.provider(emulator, store: store())
    let waiting = Task { try await waiter.login() }
    _ = await time.pendingSleeps(atLeast: 1)
    time.advance(ClerkAuthProvider.signInPollInterval)
    _ = await time.pendingSleeps(atLeast: 1)

    let signedIn = try await other.login(
      identifier: PublicAPITests.email, password: PublicAPITests.password)
    time.advance(ClerkAuthProvider.signInPollInterval)
    let credentials = try await waiting.value
    #expect(credentials.userId == signedIn.userId)
    #expect(waiter.extractIdToken(from: credentials).hasPrefix("eyJ"))
    #expect(waiter.currentAuthState == .authenticated(credentials))
  }

  @Test("with nobody signing in, login() waits signInTimeout on the clock, then throws")
  func timesOut() async throws {
    let provider = PublicAPITests.provider(emulator, timeout: 5)
    let started = time.now
    let outcome = await time.advanceUntilDone(Task { try await provider.login() })
    #expect(throws: ClerkAuthError.signInTimeout) { try outcome.get() }
    let waited = time.now.timeIntervalSince(started)
    #expect(waited >= 5 && waited < 5.001, "\(waited) s on the clock")
    #expect(time.slept.allSatisfy { $0 <= ClerkAuthProvider.signInPollInterval })
    #expect(provider.currentAuthState == .unauthenticated)
    await #expect(throws: ClerkAuthError.noActiveSession) { try await provider.loginFromCache() }
  }

  @Test("a cancelled waiter stops waiting at once and throws CancellationError")
  func cancelled() async throws {
    let provider = PublicAPITests.provider(emulator)
    let waiter = Task { try await provider.login() }
    _ = await time.pendingSleeps(atLeast: 1)
    waiter.cancel()
    #expect(time.pendingSleeps.isEmpty, "its wait ended with the cancel")
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(provider.currentAuthState == .unauthenticated)
  }

  /// Seconds to the hundredth (a `Date` difference is exact to about a microsecond).
  private func rounded(_ seconds: Double) -> Double { RenewalBackoff.rounded(seconds) }
}
