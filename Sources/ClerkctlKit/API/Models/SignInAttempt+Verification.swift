import ClerkctlCore
import ClerkctlWire

extension SignInAttempt {
  /// A factor's verification inside a `SignIn` (for OAuth and SSO, `verification_oauth`).
  package struct Verification: Sendable, Equatable {
    package var status: VerificationStatus
    package var strategy: FactorStrategy?
    /// The provider page to open in the browser (OAuth and enterprise SSO).
    package var externalVerificationRedirectURL: String?
    /// `error.code`, when the verification failed (e.g. `external_account_not_found`).
    package var errorCode: String?
    /// `error.long_message` (else `message`; `nil` when both are missing or empty).
    package var errorMessage: String?

    package init(
      status: VerificationStatus, strategy: FactorStrategy? = nil,
      externalVerificationRedirectURL: String? = nil,
      errorCode: String? = nil, errorMessage: String? = nil
    ) {
      self.status = status
      self.strategy = strategy
      self.externalVerificationRedirectURL = externalVerificationRedirectURL
      self.errorCode = errorCode
      self.errorMessage = errorMessage
    }

    /// Reads a verification object; `nil` for a missing or `null` one.
    package init?(json: JSONValue?) {
      guard let json, let status = json["status"]?.stringValue else { return nil }
      let error = json["error"]
      self.init(
        status: VerificationStatus(rawValue: status),
        strategy: json["strategy"]?.stringValue.map(FactorStrategy.init),
        externalVerificationRedirectURL: json["external_verification_redirect_url"]?.stringValue,
        errorCode: error?["code"]?.stringValue,
        errorMessage: [error?["long_message"], error?["message"]].lazy
          .compactMap { $0?.stringValue }.first { !$0.isEmpty })
    }
  }
}
