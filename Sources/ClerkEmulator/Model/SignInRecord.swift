import Foundation

/// A sign-in attempt (`sia_…`) and the state of its factors.
struct SignInRecord: Sendable {
  /// One factor's verification state.
  struct Verification: Sendable {
    var strategy: String
    var status: String
    var attempts: Int
    var expireAt: Int64? = nil
    /// The expected email code (email_code only).
    var code: String? = nil
  }

  var id: String
  var clientID: String
  var status: String
  var identifier: String?
  var userID: String?
  var firstFactor: Verification?
  var secondFactor: Verification?
  var createdSessionID: String?
  var firstFactorVerifiedAt: Int64?
  var createdAt: Int64
  var abandonAt: Int64
}
