import ClerkEmulator
import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlKit
import Foundation
import Testing

/// The library's public surface in process, against the emulator in memory on an injected
/// clock: the step-by-step sign-in and its deadline, the error shape, the profile rule, and
/// the sender over a machine's token source. (The timers — renewals, the sign-in wait, the
/// machine-token keeper — have suites of their own on a virtual clock.)
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

  @Test("the sender takes the machine's token source (an M2M JWT for Convex)")
  func machineSender() async throws {
    let config = """
      {"machines": [{"name": "ci", "id": "mch_ci0000000000000000000000000",
        "secret_key": "ak_ci_fixed_secret_0123456789abcdef"}]}
      """
    let emulator = try InMemoryEmulator(
      configuration: EmulatorConfiguration(json: Array(config.utf8)))
    let machine = ClerkMachineTokenProvider(
      minimumTokenTtl: 1, store: .inMemory(), http: emulator.http, clock: emulator.time.clock)
    _ = try await machine.login(
      secretKey: "ak_ci_fixed_secret_0123456789abcdef", apiUrl: emulator.fapiURL)
    let convex = machine.tokenSource(format: .jwt, claimsJson: #"{"aud":"convex"}"#)
    let sender = AuthenticatedRequestSender(provider: convex)
    let response = try await sender.sendAuthenticated(
      .init(method: "POST", url: emulator.fapiURL + "/api/query", text: #"{"path":"users:whoami"}"#)
    )
    #expect(response.status == 200, "\(response.bodyText)")
    #expect(response.bodyText.contains("mch_ci0000000000000000000000000"), "\(response.bodyText)")
  }
}
