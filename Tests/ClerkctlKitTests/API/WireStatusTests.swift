import ClerkTestSupport
import ClerkctlHTTP
import Testing

@testable import ClerkctlCore
@testable import ClerkctlKit
@testable import ClerkctlWire

@Suite("Sign-in, sign-up, session, verification and token statuses; factor strategies")
struct WireStatusTests {
  @Test("every documented sign-in status round-trips; an unknown one is kept as it came")
  func signIn() throws {
    for status in SignInStatus.documented {
      #expect(SignInStatus(rawValue: status.rawValue) == status)
    }
    #expect(SignInStatus(rawValue: "needs_first_factor") == .needsFirstFactor)
    #expect(SignInStatus(rawValue: "needs_magic") == .unknown("needs_magic"))
    #expect(SignInStatus.unknown("needs_magic").rawValue == "needs_magic")
    #expect(Set(SignInStatus.documented.map(\.rawValue)).count == SignInStatus.documented.count)
    let attempt = try SignInAttempt(json: ["id": "sia_1", "status": "needs_magic"])
    #expect(attempt.status == .unknown("needs_magic"))
    #expect("\(attempt.status)" == "needs_magic")
  }

  @Test("every documented session status round-trips; an unknown one is kept as it came")
  func session() throws {
    for status in SessionStatus.documented {
      #expect(SessionStatus(rawValue: status.rawValue) == status)
    }
    #expect(SessionStatus(rawValue: "active") == .active)
    #expect(Set(SessionStatus.documented.map(\.rawValue)).count == SessionStatus.documented.count)
    let session = try ClerkSession(json: ["id": "sess_1", "status": "paused_by_clerk"])
    #expect(session.status == .unknown("paused_by_clerk"))
    #expect(!session.isActive)
    #expect(try ClerkSession(json: ["id": "sess_1", "status": "active"]).isActive)
  }

  @Test("every documented verification status round-trips; an unknown one is kept as it came")
  func verification() {
    for status in VerificationStatus.documented {
      #expect(VerificationStatus(rawValue: status.rawValue) == status)
    }
    #expect(VerificationStatus(rawValue: "transferable") == .transferable)
    #expect(
      Set(VerificationStatus.documented.map(\.rawValue)).count
        == VerificationStatus.documented.count)
    let verification = SignInAttempt.Verification(json: ["status": "pending_review"])
    #expect(verification?.status == .unknown("pending_review"))
    #expect(verification?.status.rawValue == "pending_review")
  }

  @Test("every documented sign-up status round-trips; an unknown one is kept as it came")
  func signUp() throws {
    for status in SignUpStatus.documented {
      #expect(SignUpStatus(rawValue: status.rawValue) == status)
    }
    #expect(SignUpStatus(rawValue: "missing_requirements") == .missingRequirements)
    #expect(Set(SignUpStatus.documented.map(\.rawValue)).count == SignUpStatus.documented.count)
    let signUp = try SignUpAttempt(json: ["id": "sua_1", "status": "needs_captcha"])
    #expect(signUp.status == .unknown("needs_captcha"))
    #expect(signUp.status.rawValue == "needs_captcha")
  }

  @Test("every documented sign-in token status round-trips; an unknown one is kept as it came")
  func signInToken() {
    for status in SignInTokenStatus.documented {
      #expect(SignInTokenStatus(rawValue: status.rawValue) == status)
    }
    #expect(SignInTokenStatus(rawValue: "accepted") == .accepted)
    #expect(SignInTokenStatus(rawValue: "expired") == .unknown("expired"))
    #expect(SignInTokenStatus.unknown("expired").rawValue == "expired")
    #expect(
      Set(SignInTokenStatus.documented.map(\.rawValue)).count
        == SignInTokenStatus.documented.count)
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
    #expect(
      Set(FactorStrategy.documented.map(\.rawValue)).count == FactorStrategy.documented.count)
    for strategy in FactorStrategy.documented {
      #expect(FactorStrategy(rawValue: strategy.rawValue) == strategy)
    }
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
