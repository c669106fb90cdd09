import ClerkctlWire
import Foundation

/// A sign-in attempt (`sia_…`) and the state of its factors.
struct SignInRecord: Sendable {
  /// One factor's verification state.
  struct Verification: Sendable {
    var strategy: FactorStrategy
    var status: VerificationStatus
    var attempts: Int
    var expireAt: Int64? = nil
    /// The expected email code (email_code only).
    var code: String? = nil
    /// The fake provider page (OAuth and enterprise SSO only).
    var externalURL: String? = nil
    /// Why it failed or is transferable, e.g. `external_account_not_found`.
    var errorCode: String? = nil
    var errorMessage: String? = nil

    /// Clerk's `object` for this strategy's verification (`Stubs.Verification.*`).
    var objectTag: String {
      switch strategy {
      case .password: return "verification_password"
      case .emailCode, .phoneCode, .resetPasswordEmailCode, .resetPasswordPhoneCode:
        return "verification_otp"
      case .ticket: return "verification_ticket"
      case .totp: return "verification_totp"
      case .backupCode: return "verification_backup_code"
      case .passkey: return "verification_passkey"
      case .emailLink: return "verification_email_link"
      case .saml: return "verification_saml"
      case .googleOneTap: return "verification_google_one_tap"
      case .web3: return "verification_web3"
      // A browser round trip, and what this emulator does not serve.
      case .oauth, .enterpriseSSO, .trustedDevice, .unknown: return "verification_oauth"
      }
    }
  }

  var id: String
  var clientID: String
  var status: SignInStatus
  var identifier: String?
  var userID: String?
  var firstFactor: Verification?
  var secondFactor: Verification?
  var createdSessionID: String?
  var firstFactorVerifiedAt: Int64?
  var createdAt: Int64
  var abandonAt: Int64
  /// Browser sign-ins: where the callback sends the browser.
  var redirectURL: String? = nil
  /// Browser sign-ins: the opaque `state` the fake provider page carries.
  var oauthState: String? = nil
  /// Browser sign-ins: the provider's email for an account Clerk does not know (the stash a
  /// sign-up transfer creates the user from).
  var providerEmail: String? = nil
}
