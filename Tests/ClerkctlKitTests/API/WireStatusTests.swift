import ClerkTestSupport
import ClerkctlHTTP
import Testing

@testable import ClerkctlCore
@testable import ClerkctlKit
@testable import ClerkctlWire

@Suite(
  "Sign-in, sign-up, session, verification, invitation, redirect and token statuses; factor strategies"
)
struct WireStatusTests {
  /// Every documented value of `Value` reads back as itself from its distinct wire name;
  /// `madeUp` is kept as it came, and written back as it came.
  private func expectRoundTrips<Value: WireValue>(_: Value.Type, madeUp: String) {
    for value in Value.documented {
      #expect(Value(rawValue: value.rawValue) == value)
      #expect("\(value)" == value.rawValue)
    }
    #expect(Set(Value.documented.map(\.rawValue)).count == Value.documented.count)
    #expect(Value(rawValue: madeUp) == .unknown(madeUp))
    #expect(Value.unknown(madeUp).rawValue == madeUp)
  }

  @Test("every documented sign-in status round-trips; an unknown one is kept as it came")
  func signIn() throws {
    expectRoundTrips(SignInStatus.self, madeUp: "needs_magic")
    #expect(SignInStatus(rawValue: "needs_first_factor") == .needsFirstFactor)
    let attempt = try SignInAttempt(json: ["id": "sia_1", "status": "needs_magic"])
    #expect(attempt.status == .unknown("needs_magic"))
    #expect("\(attempt.status)" == "needs_magic")
  }

  @Test("every documented session status round-trips; an unknown one is kept as it came")
  func session() throws {
    expectRoundTrips(SessionStatus.self, madeUp: "paused_by_clerk")
    #expect(SessionStatus(rawValue: "active") == .active)
    let session = try ClerkSession(json: ["id": "sess_1", "status": "paused_by_clerk"])
    #expect(session.status == .unknown("paused_by_clerk"))
    #expect(!session.isActive)
    #expect(try ClerkSession(json: ["id": "sess_1", "status": "active"]).isActive)
  }

  @Test("every documented verification status round-trips; an unknown one is kept as it came")
  func verification() {
    expectRoundTrips(VerificationStatus.self, madeUp: "pending_review")
    #expect(VerificationStatus(rawValue: "transferable") == .transferable)
    let verification = SignInAttempt.Verification(json: ["status": "pending_review"])
    #expect(verification?.status == .unknown("pending_review"))
    #expect(verification?.status.rawValue == "pending_review")
  }

  @Test("every documented sign-up status round-trips; an unknown one is kept as it came")
  func signUp() throws {
    expectRoundTrips(SignUpStatus.self, madeUp: "needs_captcha")
    #expect(SignUpStatus(rawValue: "missing_requirements") == .missingRequirements)
    let signUp = try SignUpAttempt(json: ["id": "sua_1", "status": "needs_captcha"])
    #expect(signUp.status == .unknown("needs_captcha"))
    #expect(signUp.status.rawValue == "needs_captcha")
  }

  @Test("every documented sign-in token status round-trips; an unknown one is kept as it came")
  func signInToken() {
    expectRoundTrips(SignInTokenStatus.self, madeUp: "expired")
    #expect(SignInTokenStatus(rawValue: "accepted") == .accepted)
  }

  @Test("every documented invitation status round-trips; an unknown one is kept as it came")
  func invitation() {
    expectRoundTrips(InvitationStatus.self, madeUp: "bounced")
    #expect(InvitationStatus(rawValue: "expired") == .expired)
  }

  @Test("every documented redirect status round-trips and names its query field")
  func redirect() {
    expectRoundTrips(RedirectStatus.self, madeUp: "verified_switch_tab")
    #expect(RedirectStatus(rawValue: "client_mismatch") == .clientMismatch)
    #expect(RedirectStatus.failed.queryItem == ("__clerk_status", "failed"))
  }

  @Test("a user's primary email and phone keep their verification status, known or not")
  func userVerification() throws {
    let user = try ClerkUser(
      json: [
        "id": "user_1", "primary_email_address_id": "idn_2",
        "email_addresses": [
          [
            "id": "idn_1", "email_address": "a@example.com", "verification": ["status": "verified"],
          ],
          [
            "id": "idn_2", "email_address": "b@example.com",
            "verification": ["status": "unverified"],
          ],
        ],
        "phone_numbers": [["id": "idn_3", "verification": ["status": "on_hold"]]],
      ])
    #expect(user.emailVerification == .unverified)
    #expect(user.phoneVerification == .unknown("on_hold"))
    #expect(try ClerkUser(json: ["id": "user_2"]).emailVerification == nil)
  }

  @Test("a Backend API ticket keeps the status Clerk gave it, known or not")
  func ticketStatus() throws {
    func ticket(_ reply: JSONValue) throws -> BackendTicket {
      let bapi = RecordedFAPI([:]) { _ in HTTPResponse(status: 200, body: reply.encodedBytes) }
      return try BackendAPIClient(
        baseURL: "https://api.recorded.test", secretKey: "sk_test_x", http: bapi.http
      )
      .createSignInTicket(userID: "user_1", expiresInSeconds: 60)
    }
    #expect(try ticket(["id": "sit_1", "token": "t", "status": "pending"]).status == .pending)
    #expect(
      try ticket(["id": "sit_1", "token": "t", "status": "queued"]).status == .unknown("queued"))
    #expect(try ticket(["id": "sit_1", "token": "t"]).status == nil)
  }

  @Test(
    "a factor strategy decodes to its case, a provider or wallet with it, anything else as it came",
    arguments: [
      ("password", FactorStrategy.password), ("email_code", .emailCode),
      ("phone_code", .phoneCode), ("email_link", .emailLink), ("totp", .totp),
      ("backup_code", .backupCode), ("ticket", .ticket), ("passkey", .passkey), ("saml", .saml),
      ("enterprise_sso", .enterpriseSSO), ("reset_password_email_code", .resetPasswordEmailCode),
      ("reset_password_phone_code", .resetPasswordPhoneCode), ("google_one_tap", .googleOneTap),
      ("trusted_device", .trustedDevice), ("oauth_github", .oauth(provider: "github")),
      ("oauth_linkedin_oidc", .oauth(provider: "linkedin_oidc")),
      ("oauth_custom_spung", .oauth(provider: "custom_spung")),
      ("oauth_token_google", .oauth(provider: "token_google")),
      ("web3_metamask_signature", .web3(wallet: "metamask")),
      ("web3_coinbase_wallet_signature", .web3(wallet: "coinbase_wallet")),
      ("oauth_", .unknown("oauth_")), ("web3__signature", .unknown("web3__signature")),
      ("web3_metamask", .unknown("web3_metamask")),
      ("from_oauth_google", .unknown("from_oauth_google")),
      ("", .unknown("")), ("Password", .unknown("Password")),
    ])
  func factorStrategy(wire: String, strategy: FactorStrategy) {
    #expect(FactorStrategy(rawValue: wire) == strategy)
    #expect(strategy.rawValue == wire)
    #expect("\(FactorStrategy(rawValue: wire))" == wire)
  }

  @Test("the documented strategies are distinct; the sent codes and browser round trips are named")
  func factorStrategyKinds() throws {
    expectRoundTrips(FactorStrategy.self, madeUp: "magic_wand")
    #expect(FactorStrategy.documented.filter(\.isSentCode) == [.emailCode, .phoneCode])
    #expect(FactorStrategy.documented.filter(\.isBrowserRoundTrip) == [.enterpriseSSO])
    #expect(FactorStrategy.oauth(provider: "google").isBrowserRoundTrip)
    #expect(FactorStrategy.emailCode.formField == ("strategy", "email_code"))
    let attempt = try SignInAttempt(json: [
      "id": "sia_1", "status": "needs_first_factor",
      "supported_first_factors": [["strategy": "oauth_apple"], ["strategy": "magic_wand"]],
      "first_factor_verification": ["status": "unverified", "strategy": "oauth_apple"],
    ])
    #expect(
      attempt.firstFactors.map(\.strategy) == [.oauth(provider: "apple"), .unknown("magic_wand")])
    #expect(attempt.firstFactorVerification?.strategy == .oauth(provider: "apple"))
  }
}
