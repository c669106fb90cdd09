import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Foundation
import Testing

/// `idTokens` and the `onIdToken` renewal against the emulator in memory, on a virtual clock:
/// the renewal loop's waits are pending on the clock until the test moves time, so when it
/// renews, backs off and stops is seen exactly, with no real sleep. (The real-time smoke test
/// is the end-to-end `TokenStreamTests`.)
@Suite("Library: ClerkAuthProvider's renewal on a virtual clock", .timeLimit(.minutes(2)))
struct ClerkAuthProviderRenewalTests {
  /// The seed's `convex` tokens live 60 s; the provider keeps 10 s at least, so a token is
  /// replaced 49 s after it was minted (a second early for Clerk's clock precision).
  static let renewalDelay = 49.0

  let emulator: InMemoryEmulator
  let provider: ClerkAuthProvider
  var time: TestClock { emulator.time }

  init() throws {
    emulator = try InMemoryEmulator(time: TestClock(sleeping: .virtual))
    provider = PublicAPITests.provider(emulator)
  }

  private func signIn() async throws -> ClerkCredentials {
    try await provider.login(identifier: PublicAPITests.email, password: PublicAPITests.password)
  }

  /// Seconds `jwt` has left now on the clock.
  private func secondsLeft(_ jwt: String) throws -> Double {
    let exp = try #require(try ClerkAccount.claims(of: jwt)["exp"]?.intValue)
    return Double(exp) - time.now.timeIntervalSince1970
  }

  @Test("the stream hands out the current token, then a new one before it has minimumTokenTtl left")
  func renewsBeforeExpiry() async throws {
    let signedIn = try await signIn()
    var tokens = provider.idTokens.makeAsyncIterator()
    #expect(await tokens.next() == signedIn.idToken, "the cached token at once")
    #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [Self.renewalDelay])

    time.advance(Self.renewalDelay - 0.5)
    #expect(time.pendingSleeps.map(rounded) == [0.5], "still asleep half a second early")
    time.advance(0.5)
    let renewed = try #require(await tokens.next())
    #expect(renewed != signedIn.idToken)
    #expect(try secondsLeft(signedIn.idToken) >= provider.minimumTokenTtl, "before it ran low")
    #expect(try secondsLeft(renewed) == 60)
    #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [Self.renewalDelay])

    time.advance(Self.renewalDelay)
    let third = try #require(await tokens.next())
    #expect(Set([signedIn.idToken, renewed, third]).count == 3)
    // Ends the renewal, whose wait would stay pending on the virtual clock for good (and the
    // task, provider and emulator with it: LeakSanitizer's report under make sanitize).
    try await provider.logout()
  }

  @Test("a failed renewal is retried after 1, 2 … s on the clock, and the stream goes on")
  func backsOffAndRetries() async throws {
    let signedIn = try await signIn()
    var tokens = provider.idTokens.makeAsyncIterator()
    #expect(await tokens.next() == signedIn.idToken)
    _ = await time.pendingSleeps(atLeast: 1)

    await RenewalBackoff.walk(emulator, renewalDelay: Self.renewalDelay)
    let renewed = try #require(await tokens.next(), "the stream outlived the failures")
    #expect(renewed != signedIn.idToken)
    #expect(try secondsLeft(renewed) > 59)
    #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [Self.renewalDelay])
    // Ends the renewal, whose wait would stay pending on the virtual clock for good (and the
    // task, provider and emulator with it: LeakSanitizer's report under make sanitize).
    try await provider.logout()
  }

  @Test("logout ends every stream and the onIdToken renewal at once: nothing waits on the clock")
  func stopsOnLogout() async throws {
    _ = try await signIn()
    let stream = provider.idTokens
    let drained = Task {
      var count = 0
      for await _ in stream { count += 1 }
      return count
    }
    let callbacks = Lock<[String?]>([])
    _ = try await provider.loginFromCache(onIdToken: { token in
      callbacks.withLock { $0.append(token) }
    })
    #expect(await time.pendingSleeps(atLeast: 2).count == 2, "the stream's and onIdToken's")

    try await provider.logout()
    #expect(time.pendingSleeps.isEmpty, "both renewals stopped sleeping")
    #expect(await drained.value == 1, "the stream ended")
    #expect(callbacks.withLock { $0 }.last == .some(nil))
    time.advance(3600)
    #expect(time.pendingSleeps.isEmpty)
    var afterLogout = 0
    for await _ in provider.idTokens { afterLogout += 1 }
    #expect(afterLogout == 0, "no session: a new stream just ends")
  }

  @Test("a consumer that stops iterating stops its renewal")
  func stopsOnCancel() async throws {
    _ = try await signIn()
    let consumer = Task {
      var count = 0
      for await _ in provider.idTokens { count += 1 }
      return count
    }
    _ = await time.pendingSleeps(atLeast: 1)
    consumer.cancel()
    #expect(await consumer.value == 1)
    #expect(time.pendingSleeps.isEmpty, "the renewal's wait ended with the stream")
  }

  @Test("onIdToken gets each token once: the handed-out one, then each renewal's")
  func callbackSeesEachTokenOnce() async throws {
    let signedIn = try await signIn()
    let callbacks = Lock<[String?]>([])
    let current = try await provider.loginFromCache(onIdToken: { token in
      callbacks.withLock { $0.append(token) }
    })
    #expect(current == signedIn)
    // A stream on the same provider shares the mints; onIdToken still gets each once.
    var tokens = provider.idTokens.makeAsyncIterator()
    #expect(await tokens.next() == signedIn.idToken)
    #expect(await time.pendingSleeps(atLeast: 2).map(rounded) == [49, 49])
    #expect(callbacks.withLock { $0 } == [signedIn.idToken])

    var renewed: [String] = []
    for _ in 0..<3 {
      time.advance(Self.renewalDelay)
      renewed.append(try #require(await tokens.next()))
      _ = await time.pendingSleeps(atLeast: 2)
    }
    #expect(callbacks.withLock { $0 } == [signedIn.idToken] + renewed)
    #expect(Set(renewed).count == 3 && !renewed.contains(signedIn.idToken))
    // Ends the renewal, whose wait would stay pending on the virtual clock for good (and the
    // task, provider and emulator with it: LeakSanitizer's report under make sanitize).
    try await provider.logout()
  }

  /// Seconds to the hundredth (a `Date` difference is exact to about a microsecond).
  private func rounded(_ seconds: Double) -> Double { RenewalBackoff.rounded(seconds) }
}
