import Testing

@testable import ClerkctlCore
@testable import ClerkctlKit
@testable import ClerkctlWire

@Suite("Sign-in, session and verification statuses")
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
}
