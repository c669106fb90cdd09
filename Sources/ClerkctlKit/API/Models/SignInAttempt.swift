import ClerkctlCore
import ClerkctlWire

/// Clerk's `SignIn` object: where a sign-in stands and what it may do next.
package struct SignInAttempt: Sendable, Equatable {
  /// One way to verify, from `supported_first_factors` / `supported_second_factors`.
  package struct Factor: Sendable, Equatable {
    package var strategy: FactorStrategy
    package var emailAddressID: String?
    package var safeIdentifier: String?
    /// The phone number a `phone_code` goes to.
    package var phoneNumberID: String?

    package init(
      strategy: FactorStrategy, emailAddressID: String? = nil, safeIdentifier: String? = nil,
      phoneNumberID: String? = nil
    ) {
      self.strategy = strategy
      self.emailAddressID = emailAddressID
      self.safeIdentifier = safeIdentifier
      self.phoneNumberID = phoneNumberID
    }
  }

  package var id: String
  package var status: SignInStatus
  package var firstFactors: [Factor]
  package var secondFactors: [Factor]
  package var createdSessionID: String?
  /// The identifier the sign-in was started with (an email address, username or phone).
  package var identifier: String?
  /// `first_factor_verification`, when Clerk sent one (browser sign-ins read its URL).
  package var firstFactorVerification: Verification?

  package init(
    id: String, status: SignInStatus, firstFactors: [Factor] = [], secondFactors: [Factor] = [],
    createdSessionID: String? = nil, firstFactorVerification: Verification? = nil
  ) {
    self.id = id
    self.status = status
    self.firstFactors = firstFactors
    self.secondFactors = secondFactors
    self.createdSessionID = createdSessionID
    self.firstFactorVerification = firstFactorVerification
  }

  /// Reads a `SignIn` object.
  package init(json: JSONValue) throws(ClerkError) {
    guard let id = json["id"]?.stringValue, let status = json["status"]?.stringValue else {
      throw .malformedResponse("a sign-in without an id or status")
    }
    func factors(_ key: String) -> [Factor] {
      (json[key]?.arrayValue ?? []).compactMap { item in
        guard let strategy = item["strategy"]?.stringValue else { return nil }
        return Factor(
          strategy: FactorStrategy(rawValue: strategy),
          emailAddressID: item["email_address_id"]?.stringValue,
          safeIdentifier: item["safe_identifier"]?.stringValue,
          phoneNumberID: item["phone_number_id"]?.stringValue)
      }
    }
    self.init(
      id: id, status: SignInStatus(rawValue: status),
      firstFactors: factors("supported_first_factors"),
      secondFactors: factors("supported_second_factors"),
      createdSessionID: json["created_session_id"]?.stringValue,
      firstFactorVerification: Verification(json: json["first_factor_verification"]))
    identifier = json["identifier"]?.stringValue
  }

  /// The first-factor entry for `strategy`, if offered.
  package func firstFactor(_ strategy: FactorStrategy) -> Factor? {
    firstFactors.first { $0.strategy == strategy }
  }

  /// The second-factor entry for `strategy`, if offered.
  package func secondFactor(_ strategy: FactorStrategy) -> Factor? {
    secondFactors.first { $0.strategy == strategy }
  }
}
