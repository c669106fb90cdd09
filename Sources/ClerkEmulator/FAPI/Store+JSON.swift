import ClerkctlCore
import ClerkctlWire
import Foundation

/// Clerk's JSON shapes for the records (timestamps in milliseconds).
extension Store {
  /// `Client.User` (FAPI) or BAPI `User` (`backend` adds `private_metadata`); a lock is read
  /// as of `now` (else as of the user's last change).
  func userJSON(_ user: UserRecord, backend: Bool = false, now: Int64? = nil) -> JSONValue {
    let lockout = user.lockoutSeconds(at: now ?? user.updatedAt)
    var json: [String: JSONValue] = [
      "id": .string(user.id), "object": "user",
      "username": user.username.map(JSONValue.string) ?? .null,
      "first_name": user.firstName.map(JSONValue.string) ?? .null,
      "last_name": user.lastName.map(JSONValue.string) ?? .null,
      "image_url": "", "profile_image_url": "", "has_image": false, "locale": nil,
      "primary_email_address_id": user.emailAddress == nil ? .null : .string(user.emailAddressID),
      "primary_phone_number_id": user.phoneNumber == nil ? .null : .string(user.phoneNumberID),
      "primary_web3_wallet_id": nil,
      "password_enabled": .bool(user.password != nil),
      "two_factor_enabled": .bool(user.hasSecondFactor),
      "totp_enabled": .bool(user.hasSecondFactor),
      "backup_code_enabled": .bool(user.backupCodeEnabled),
      "email_addresses": .array(emailAddresses(of: user).map(emailAddressJSON)),
      "phone_numbers": user.phoneNumber == nil ? [] : [phoneNumberJSON(user)],
      "web3_wallets": [], "passkeys": [],
      "external_accounts": [], "saml_accounts": [], "enterprise_accounts": [],
      "organization_memberships": userMembershipsJSON(user.id, backend: backend),
      "public_metadata": user.publicMetadata, "unsafe_metadata": user.unsafeMetadata,
      "external_id": nil, "last_sign_in_at": user.lastSignInAt.map(JSONValue.int) ?? .null,
      "last_active_at": user.lastSignInAt.map(JSONValue.int) ?? .null,
      "mfa_enabled_at": user.hasSecondFactor ? .int(user.createdAt) : .null,
      "mfa_disabled_at": nil,
      "password_last_updated_at": user.password == nil ? .null : .int(user.createdAt),
      "banned": .bool(user.banned), "locked": .bool(lockout != nil),
      "lockout_expires_in_seconds": lockout.map(JSONValue.int) ?? .null,
      "verification_attempts_remaining": 100, "delete_self_enabled": true,
      // Clerk's `create_organizations_limit`: 0 means unlimited.
      "create_organization_enabled": false, "create_organizations_limit": 0,
      "deprovisioned": false, "bypass_client_trust": false, "legal_accepted_at": nil,
      "created_at": .int(user.createdAt), "updated_at": .int(user.updatedAt),
    ]
    if backend { json["private_metadata"] = user.privateMetadata }
    return .object(json)
  }

  /// `Client.PhoneNumber` / BAPI `PhoneNumber`: the user's verified phone number.
  func phoneNumberJSON(_ user: UserRecord) -> JSONValue {
    [
      "id": .string(user.phoneNumberID), "object": "phone_number",
      "phone_number": user.phoneNumber.map(JSONValue.string) ?? .null,
      "reserved_for_second_factor": false, "default_second_factor": false, "reserved": false,
      "verification": Self.adminVerification,
      "linked_to": [], "backup_codes": nil,
      "created_at": .int(user.createdAt), "updated_at": .int(user.updatedAt),
    ]
  }

  /// How the address or number of a user made by the instance's owner (the emulator's
  /// configuration, Clerk's dashboard or Backend API) is verified, as Clerk records it.
  static let adminVerification: JSONValue = [
    "object": "verification_admin", "status": .string(VerificationStatus.verified.rawValue),
    "strategy": "admin", "attempts": nil,
    "expire_at": nil,
  ]

  /// `user_data` of a sign-in (a closed schema: names and image only).
  func signInUserData(_ user: UserRecord) -> JSONValue {
    [
      "first_name": user.firstName.map(JSONValue.string) ?? .null,
      "last_name": user.lastName.map(JSONValue.string) ?? .null,
      "image_url": "", "has_image": false,
    ]
  }

  /// `public_user_data` of a session.
  func publicUserData(_ user: UserRecord) -> JSONValue {
    [
      "first_name": user.firstName.map(JSONValue.string) ?? .null,
      "last_name": user.lastName.map(JSONValue.string) ?? .null,
      "image_url": "", "profile_image_url": "", "has_image": false,
      "identifier": .string(user.displayIdentifier),
      "username": user.username.map(JSONValue.string) ?? .null,
    ]
  }

  /// `Client.Session`.
  func sessionJSON(_ session: SessionRecord, now: Int64) -> JSONValue {
    let user = users[session.userID]
    return [
      "object": "session", "id": .string(session.id), "status": .string(session.status.rawValue),
      "expire_at": .int(session.expireAt), "abandon_at": .int(session.abandonAt),
      "last_active_at": .int(session.lastActiveAt),
      "last_active_token": session.lastActiveToken.map {
        ["object": "token", "jwt": .string($0)]
      } ?? .null,
      "last_active_organization_id": session.lastActiveOrganizationID.map(JSONValue.string)
        ?? .null,
      "actor": session.actor ?? .null, "tasks": nil,
      "factor_verification_age": .array(factorAges(session, now: now).map(JSONValue.int)),
      "user": user.map { userJSON($0, now: now) } ?? .null,
      "public_user_data": user.map(publicUserData) ?? .null,
      "created_at": .int(session.createdAt), "updated_at": .int(session.updatedAt),
    ]
  }

  /// BAPI `Session`.
  func backendSessionJSON(_ session: SessionRecord) -> JSONValue {
    [
      "object": "session", "id": .string(session.id), "user_id": .string(session.userID),
      "client_id": .string(session.clientID), "status": .string(session.status.rawValue),
      "last_active_at": .int(session.lastActiveAt), "expire_at": .int(session.expireAt),
      "abandon_at": .int(session.abandonAt),
      "last_active_organization_id": session.lastActiveOrganizationID.map(JSONValue.string)
        ?? .null,
      "actor": session.actor ?? .null,
      "created_at": .int(session.createdAt), "updated_at": .int(session.updatedAt),
    ]
  }

  /// Minutes since each factor was verified, -1 for never (the `fva` claim).
  func factorAges(_ session: SessionRecord, now: Int64) -> [Int64] {
    let first = max(0, (now - session.firstFactorAt) / 60_000)
    let second = session.secondFactorAt.map { max(0, (now - $0) / 60_000) } ?? -1
    return [first, second]
  }

  /// `Client.Client`.
  func clientJSON(_ client: ClientRecord, now: Int64) -> JSONValue {
    [
      "object": "client", "id": .string(client.id),
      "sessions": .array(listedSessions(of: client).map { sessionJSON($0, now: now) }),
      "sign_in": client.signInID.flatMap { signIns[$0] }.map { signInJSON($0) } ?? .null,
      "sign_up": nil,
      "last_active_session_id": client.lastActiveSessionID.map(JSONValue.string) ?? .null,
      "last_authentication_strategy": client.lastAuthenticationStrategy.map { .string($0.rawValue) }
        ?? .null,
      "cookie_expires_at": nil, "captcha_bypass": false,
      "created_at": .int(client.createdAt), "updated_at": .int(client.updatedAt),
    ]
  }

  /// `Client.SignIn` (`object: sign_in_attempt`).
  func signInJSON(_ signIn: SignInRecord) -> JSONValue {
    let user = signIn.userID.flatMap { users[$0] }
    var first: [JSONValue] = []
    var second: [JSONValue] = []
    if let user {
      let emailFactor: (FactorStrategy) -> JSONValue? = { strategy in
        guard let address = user.emailAddress else { return nil }
        return [
          "strategy": .string(strategy.rawValue), "email_address_id": .string(user.emailAddressID),
          "safe_identifier": .string(address), "primary": true,
          "default": .bool(user.password == nil),
        ]
      }
      let phoneFactor: (FactorStrategy) -> JSONValue? = { strategy in
        guard let phone = user.phoneNumber else { return nil }
        return [
          "strategy": .string(strategy.rawValue), "phone_number_id": .string(user.phoneNumberID),
          "safe_identifier": .string(phone), "primary": true,
          "default": .bool(user.password == nil && user.emailAddress == nil),
        ]
      }
      let bare: (FactorStrategy) -> JSONValue = { ["strategy": .string($0.rawValue)] }
      if user.password != nil { first.append(bare(.password)) }
      first += [emailFactor(.emailCode), phoneFactor(.phoneCode)].compactMap { $0 }
      if user.hasSecondFactor {
        second.append(bare(.totp))
        second += [emailFactor(.emailCode), phoneFactor(.phoneCode)].compactMap { $0 }
        if user.backupCodeEnabled { second.append(bare(.backupCode)) }
      }
    }
    return [
      "object": "sign_in_attempt", "id": .string(signIn.id),
      "status": .string(signIn.status.rawValue),
      "supported_identifiers": ["email_address", "phone_number", "username"],
      "supported_first_factors": user == nil ? .null : .array(first),
      "supported_second_factors": second.isEmpty ? .null : .array(second),
      "first_factor_verification": verificationJSON(signIn.firstFactor),
      "second_factor_verification": verificationJSON(signIn.secondFactor),
      "identifier": signIn.identifier.map(JSONValue.string) ?? .null,
      "user_data": user.map(signInUserData) ?? .null,
      "created_session_id": signIn.createdSessionID.map(JSONValue.string) ?? .null,
      "abandon_at": .int(signIn.abandonAt), "locale": nil,
    ]
  }

  /// A sign-in factor's verification, tagged the way Clerk's schemas tag it by strategy.
  func verificationJSON(_ verification: SignInRecord.Verification?) -> JSONValue {
    guard let verification else { return .null }
    var json: [String: JSONValue] = [
      "object": .string(verification.objectTag), "status": .string(verification.status.rawValue),
      "strategy": .string(verification.strategy.rawValue),
      "attempts": .int(Int64(verification.attempts)),
      "expire_at": verification.expireAt.map(JSONValue.int) ?? .null,
    ]
    // Clerk names the channel a phone code went by.
    if verification.objectTag == "verification_otp", verification.strategy == .phoneCode {
      json["channel"] = "sms"
    }
    if verification.objectTag == "verification_oauth" {
      json["external_verification_redirect_url"] =
        verification.externalURL.map(JSONValue.string) ?? .null
      json["error"] = .null
    }
    if let code = verification.errorCode {
      json["error"] = [
        "code": .string(code), "message": .string(verification.errorMessage ?? code),
        "long_message": .string(verification.errorMessage ?? code), "meta": [:],
      ]
    }
    return .object(json)
  }
}
