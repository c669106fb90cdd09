import ClerkEmulator
import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Foundation
import Testing

/// `ClerkMachineTokenProvider.tokens(…)` against the emulator in memory on a virtual clock:
/// the keeper's waits are pending on the clock until the test moves time, so when it renews,
/// backs off and stops is seen exactly. (The real-time smoke test is the end-to-end
/// `ClerkMachineTokenProviderTests.streamSmoke`.)
@Suite(
  "Library: ClerkMachineTokenProvider's token keeper on a virtual clock", .timeLimit(.minutes(2)))
struct ClerkMachineTokenRenewalTests {
  static let secret = "ak_ci_fixed_secret_0123456789abcdef"
  static let machineID = "mch_ci0000000000000000000000000"
  /// A 5 s JWT is replaced when it has 1 s (`minimumTokenTtl`) and a second (Clerk's clock
  /// precision) left.
  static let renewalDelay = 3.0

  let emulator: InMemoryEmulator
  let machine: ClerkMachineTokenProvider
  var time: TestClock { emulator.time }

  init() async throws {
    let config = """
      {"machines": [{"name": "ci", "id": "\(Self.machineID)", "secret_key": "\(Self.secret)"}]}
      """
    emulator = try InMemoryEmulator(
      configuration: EmulatorConfiguration(json: Array(config.utf8)),
      time: TestClock(sleeping: .virtual))
    machine = ClerkMachineTokenProvider(
      minimumTokenTtl: 1, store: .inMemory(), http: emulator.http, clock: emulator.time.clock)
    _ = try await machine.login(secretKey: Self.secret, apiUrl: emulator.fapiURL)
  }

  private func stream() -> AsyncStream<ClerkMachineToken> {
    machine.tokens(format: .jwt, ttl: 5)
  }

  @Test("a new token before the current one has minimumTokenTtl left, each lifetime")
  func renewsBeforeExpiry() async throws {
    var tokens = stream().makeAsyncIterator()
    let first = try #require(await tokens.next())
    #expect(first.machineId == Self.machineID)
    #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [Self.renewalDelay])
    time.advance(Self.renewalDelay - 0.5)
    #expect(time.pendingSleeps.map(rounded) == [0.5], "still asleep half a second early")
    time.advance(0.5)
    let second = try #require(await tokens.next())
    #expect(second.token != first.token)
    #expect(first.expiresAt.timeIntervalSince(time.now) >= machine.minimumTokenTtl)
    #expect(second.expiresAt.timeIntervalSince(time.now) == 5)
    #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [Self.renewalDelay])
    time.advance(Self.renewalDelay)
    let third = try #require(await tokens.next())
    #expect(Set([first.token, second.token, third.token]).count == 3)
    #expect(first.expiresAt < second.expiresAt && second.expiresAt < third.expiresAt)
  }

  @Test("Clerk unreachable: retried after 1, then 2 s on the clock, then the stream goes on")
  func backsOffAndRecovers() async throws {
    var tokens = stream().makeAsyncIterator()
    let first = try #require(await tokens.next())
    _ = await time.pendingSleeps(atLeast: 1)
    await RenewalBackoff.walk(emulator, renewalDelay: Self.renewalDelay)
    let renewed = try #require(await tokens.next(), "the stream outlived the failures")
    #expect(renewed.token != first.token)
    #expect(renewed.expiresAt.timeIntervalSince(time.now) > 4)
  }

  @Test("logout ends a running stream at once; a consumer that stops stops its keeper")
  func stops() async throws {
    let consumer = Task {
      var count = 0
      for await _ in stream() { count += 1 }
      return count
    }
    let drained = Task {
      var count = 0
      for await _ in stream() { count += 1 }
      return count
    }
    #expect(await time.pendingSleeps(atLeast: 2).count == 2)
    consumer.cancel()
    #expect(await consumer.value == 1)
    #expect(time.pendingSleeps.count == 1, "the stopped consumer's keeper no longer waits")

    try await machine.logout()
    #expect(time.pendingSleeps.isEmpty, "logout stopped the other")
    #expect(await drained.value == 1)
    await #expect(throws: ClerkAuthError.noActiveSession) { try await machine.token() }
    var afterLogout = 0
    for await _ in stream() { afterLogout += 1 }
    #expect(afterLogout == 0, "no identity: a new stream just ends")
  }

  @Test("a lifetime just past the renewal margin is renewed, each lifetime")
  func shortLifetimeRenews() async throws {
    // 3 s tokens, 1 s minimum: replaced at 3 - 1 - 1 = 1 s, when the cache is asked for one
    // with 2.5 s left, which a new 3 s token has (Clerk's whole seconds round that up to 3,
    // which no live 3 s token can have, so no `min_remaining_ttl_seconds` is sent).
    for format in [ClerkMachineToken.Format.jwt, .opaque] {
      var tokens = machine.tokens(format: format, ttl: 3).makeAsyncIterator()
      let first = try #require(await tokens.next())
      #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [1])
      time.advance(1)
      let second = try #require(await tokens.next(), "\(format): the stream outlived its first")
      #expect(second.token != first.token)
      #expect(first.expiresAt.timeIntervalSince(time.now) >= machine.minimumTokenTtl)
      #expect(second.expiresAt.timeIntervalSince(time.now) == 3)
      #expect(await time.pendingSleeps(atLeast: 1).map(rounded) == [1])
      time.advance(1)
      let third = try #require(await tokens.next())
      #expect(Set([first.token, second.token, third.token]).count == 3)
      try await machine.logout()
      _ = try await machine.login(secretKey: Self.secret, apiUrl: emulator.fapiURL)
    }
  }

  @Test("a lifetime within the renewal margin gives no token at all; one token is still fine")
  func tooShortLifetimeEndsAtOnce() async throws {
    // 2 s tokens, 1 s minimum: a new one has less than the 2.5 s a renewal asks for, so it
    // would be due again at once, each one billed.
    var delivered = 0
    for await _ in machine.tokens(format: .jwt, ttl: 2) { delivered += 1 }
    #expect(delivered == 0)
    #expect(time.pendingSleeps.isEmpty)
    #expect(try await machine.token(format: .jwt, ttl: 2).expiresAt > time.now)
  }

  /// Seconds to the hundredth (a `Date` difference is exact to about a microsecond).
  private func rounded(_ seconds: Double) -> Double { RenewalBackoff.rounded(seconds) }
}
