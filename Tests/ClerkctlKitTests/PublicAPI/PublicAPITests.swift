import ClerkEmulator
import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlKit
import Foundation
import Testing

/// The library's public surface in process, against the emulator in memory on an injected
/// clock: the seed's `login()`, the step-by-step sign-in and its deadline, the error shape,
/// the profile rule, and machine-token streaming through the token-provider protocol.
@Suite("Library: the public API on an injected clock")
struct PublicAPITests {
  static let email = "demo@example.com"
  static let password = "demo-password"

  static func provider(
    _ emulator: InMemoryEmulator, clock: Clock? = nil, timeout: TimeInterval = 30,
    store: ClerkCredentialStore = .inMemory()
  ) -> ClerkAuthProvider {
    ClerkAuthProvider(
      publishableKey: nil, frontendApiUrl: emulator.fapiURL, jwtTemplate: "convex",
      signInTimeout: timeout, store: store, http: emulator.http,
      clock: clock ?? emulator.time.clock, environment: [:])
  }

  @Test("login() with no session waits signInTimeout on the provider's clock, then throws")
  func loginTimesOutOnTheClock() async throws {
    let emulator = try InMemoryEmulator(time: TestClock(sleeping: .advancesTime))
    let provider = Self.provider(emulator, timeout: 5)
    let started = emulator.time.now
    await #expect(throws: ClerkAuthError.signInTimeout) { try await provider.login() }
    let waited = emulator.time.now.timeIntervalSince(started)
    #expect(waited >= 5 && waited < 5.5, "\(waited) s on the clock")
    #expect(provider.currentAuthState == .unauthenticated)
    await #expect(throws: ClerkAuthError.noActiveSession) { try await provider.loginFromCache() }
  }

  @Test("login() returns once another provider signs in on the same file store")
  func loginSeesAnotherSignIn() async throws {
    let emulator = try InMemoryEmulator()
    let config = TemporaryDirectory(prefix: "clerkkit-wait")
    let store = { ClerkCredentialStore.file(profile: "app", configDirectory: config.path) }
    // Time stands still for the waiter, whose sleeps are real: it waits as long as it takes.
    let waiter = Self.provider(
      emulator, clock: TestClock(sleeping: .sleepsForReal).clock, store: store())
    let other = Self.provider(emulator, store: store())
    let states = waiter.authState
    async let waited = waiter.login()
    try await Task.sleep(nanoseconds: 300_000_000)
    let signedIn = try await other.login(identifier: Self.email, password: Self.password)
    let credentials = try await waited
    #expect(credentials.userId == signedIn.userId)
    #expect(waiter.extractIdToken(from: credentials).hasPrefix("eyJ"))
    var seen: [AuthState<ClerkCredentials>] = []
    for await state in states {
      seen.append(state)
      if case .authenticated = state { break }
    }
    #expect(seen.first == .unauthenticated && seen.contains(.loading))
  }

  @Test("step by step: identifier, a wrong then the right password, TOTP; Clerk's code and step")
  func stepByStep() async throws {
    let emulator = try InMemoryEmulator()
    let provider = Self.provider(emulator)
    var signIn = try await provider.signIn(identifier: "mfa@example.com")
    #expect(signIn.status == .needsFirstFactor)
    #expect(signIn.firstFactors.contains(.password))
    do {
      _ = try await signIn.attemptFirstFactor(password: "wrong")
      Issue.record("a wrong password was accepted")
    } catch let error as ClerkAuthError {
      #expect(error == .signInRejected)
      #expect(error.code == "form_password_incorrect")
      #expect(error.step == .firstFactor)
      #expect(error.clerkError?.httpStatus == 422)
      #expect(error.localizedDescription == error.description)
    }
    signIn = try await signIn.attemptFirstFactor(password: Self.password)
    #expect(signIn.status == .needsSecondFactor)
    #expect(signIn.secondFactors.contains(.totp))
    #expect(signIn.credentials == nil)
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    signIn = try await signIn.attemptSecondFactor(
      code: TOTP.code(secret: secret, time: emulator.time.clock.epochSeconds))
    #expect(signIn.status == .complete)
    let credentials = try #require(signIn.credentials)
    #expect(credentials.userId.hasPrefix("user_"))
    #expect(provider.currentAuthState == .authenticated(credentials))
    #expect(try await provider.loginFromCache().userId == credentials.userId)

    await #expect {
      _ = try await provider.signIn(identifier: "nobody@example.com")
    } throws: { error in
      let error = error as? ClerkAuthError
      return error == .signInRejected && error?.code == "form_identifier_not_found"
        && error?.step == .identifier
    }
  }

  @Test("the sign-in deadline holds across the awaits: a late step sends nothing")
  func deadlineAcrossSteps() async throws {
    let emulator = try InMemoryEmulator()
    let provider = Self.provider(emulator, timeout: 30)
    let signIn = try await provider.signIn(identifier: Self.email)
    #expect(signIn.status == .needsFirstFactor)
    emulator.time.advance(31)  // the user took too long to type
    await #expect {
      _ = try await signIn.attemptFirstFactor(password: Self.password)
    } throws: { error in
      (error as? ClerkAuthError) == .signInTimeout
        && (error as? ClerkAuthError)?.step == .firstFactor
    }
    await #expect(throws: ClerkAuthError.noActiveSession) { try await provider.loginFromCache() }
  }

  @Test("errors match as the seed's enum did, and new kinds need no new case")
  func errorMatching() throws {
    func kind(_ error: any Error) -> String {
      switch error {
      case ClerkAuthError.noActiveSession: return "noActiveSession"
      case ClerkAuthError.signInTimeout: return "signInTimeout"
      default: break
      }
      guard let error = error as? ClerkAuthError else { return "other" }
      switch error {
      case .clerkNotLoaded: return "clerkNotLoaded"
      case .tokenRetrievalFailed: return "tokenRetrievalFailed"
      default: return "later"
      }
    }
    #expect(kind(ClerkAuthError.noActiveSession) == "noActiveSession")
    #expect(kind(ClerkAuthError.signInTimeout) == "signInTimeout")
    #expect(kind(ClerkAuthError.clerkNotLoaded) == "clerkNotLoaded")
    #expect(
      kind(ClerkAuthError.tokenRetrievalFailed("Token returned nil")) == "tokenRetrievalFailed")
    #expect(kind(ClerkAuthError.unavailable("down")) == "later")
    #expect(kind(CancellationError()) == "other")
    do {
      throw ClerkAuthError.noActiveSession
    } catch ClerkAuthError.noActiveSession {
    } catch {
      Issue.record("catch ClerkAuthError.noActiveSession did not match")
    }
    let failed = ClerkAuthError.tokenRetrievalFailed("no such template")
    #expect(failed == .tokenRetrievalFailed && failed != .noActiveSession)
    #expect(failed.reason == "no such template")
    #expect((failed as any Error).localizedDescription.contains("no such template"))
  }

  @Test("the file store picks the profile as the CLI does: argument, environment, profile use")
  func profileRule() throws {
    let config = TemporaryDirectory(prefix: "clerkkit-profile")
    func chosen(_ profile: String?, _ environment: [String: String] = [:]) -> String {
      ClerkCredentialStore.file(
        profile: profile, configDirectory: config.path, environment: environment
      ).profile
    }
    #expect(chosen(nil) == "default")
    try ProfileStore(directory: ConfigDirectory(path: config.path)).setDefaultProfile("work")
    #expect(chosen(nil) == "work")
    #expect(chosen(nil, ["CLERKCTL_PROFILE": "ci"]) == "ci")
    #expect(chosen("mine", ["CLERKCTL_PROFILE": "ci"]) == "mine")
  }

  @Test("machine tokens stream across lifetimes on the clock; the sender takes the machine")
  func machineStreamAndSender() async throws {
    let config = """
      {"machines": [{"name": "ci", "id": "mch_ci0000000000000000000000000",
        "secret_key": "ak_ci_fixed_secret_0123456789abcdef"}]}
      """
    let emulator = try InMemoryEmulator(
      configuration: EmulatorConfiguration(json: Array(config.utf8)),
      time: TestClock(sleeping: .advancesTime))
    let machine = ClerkMachineTokenProvider(
      minimumTokenTtl: 1, store: .inMemory(), http: emulator.http, clock: emulator.time.clock)
    _ = try await machine.login(
      secretKey: "ak_ci_fixed_secret_0123456789abcdef", apiUrl: emulator.fapiURL)

    var streamed: [ClerkMachineToken] = []
    for await token in machine.tokens(format: .jwt, ttl: 5) {
      #expect(token.expiresAt > emulator.time.now.addingTimeInterval(1))
      streamed.append(token)
      if streamed.count == 4 { break }
    }
    #expect(Set(streamed.map(\.token)).count == 4, "a new token each lifetime")
    #expect(zip(streamed, streamed.dropFirst()).allSatisfy { $0.expiresAt < $1.expiresAt })

    // The sender works over the machine's token source (an M2M JWT for Convex).
    let convex = machine.tokenSource(format: .jwt, claimsJson: #"{"aud":"convex"}"#)
    let sender = AuthenticatedRequestSender(provider: convex)
    let response = try await sender.sendAuthenticated(
      .init(method: "POST", url: emulator.fapiURL + "/api/query", text: #"{"path":"users:whoami"}"#)
    )
    #expect(response.status == 200, "\(response.bodyText)")
    #expect(response.bodyText.contains("mch_ci0000000000000000000000000"), "\(response.bodyText)")

    // logout ends a running stream.
    let ended = Task {
      var count = 0
      for await _ in machine.tokens(format: .jwt, ttl: 5) { count += 1 }
      return count
    }
    try await Task.sleep(nanoseconds: 100_000_000)
    try await machine.logout()
    #expect(await ended.value >= 1)
    await #expect(throws: ClerkAuthError.noActiveSession) { try await machine.token() }
  }
}
