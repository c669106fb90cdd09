import ClerkctlCore
import ClerkctlWire

/// The parts of Clerk's `User` object a client shows.
package struct ClerkUser: Sendable, Equatable {
  package var id: String
  /// The primary email address, when the user has one.
  package var email: String?
  package var firstName: String?
  package var lastName: String?
  package var username: String?
  /// The primary phone number, when the user has one.
  package var phoneNumber: String?
  /// How the primary email address is verified (its `verification.status`), when Clerk says.
  package var emailVerification: VerificationStatus?
  /// How the primary phone number is verified (its `verification.status`), when Clerk says.
  package var phoneVerification: VerificationStatus?
  /// The organizations the user belongs to, as the `User` object lists them (those Clerk sent
  /// whole; the full list is `GET /v1/me/organization_memberships`).
  package var organizationMemberships: [OrganizationMembership]

  package init(
    id: String, email: String? = nil, firstName: String? = nil, lastName: String? = nil,
    username: String? = nil, phoneNumber: String? = nil,
    emailVerification: VerificationStatus? = nil, phoneVerification: VerificationStatus? = nil,
    organizationMemberships: [OrganizationMembership] = []
  ) {
    self.id = id
    self.email = email
    self.firstName = firstName
    self.lastName = lastName
    self.username = username
    self.phoneNumber = phoneNumber
    self.emailVerification = emailVerification
    self.phoneVerification = phoneVerification
    self.organizationMemberships = organizationMemberships
  }

  /// What the user is known by: the primary email address, else the phone number, else the
  /// username.
  package var identifier: String? { email ?? phoneNumber ?? username }

  /// Reads a `User` object.
  package init(json: JSONValue) throws(ClerkError) {
    guard let id = json["id"]?.stringValue else {
      throw .malformedResponse("a user without an id")
    }
    let primaryID = json["primary_email_address_id"]?.stringValue
    let addresses = json["email_addresses"]?.arrayValue ?? []
    let primary =
      addresses.first { $0["id"]?.stringValue == primaryID } ?? addresses.first
    let phoneID = json["primary_phone_number_id"]?.stringValue
    let phones = json["phone_numbers"]?.arrayValue ?? []
    let phone = phones.first { $0["id"]?.stringValue == phoneID } ?? phones.first
    self.init(
      id: id,
      email: primary?["email_address"]?.stringValue,
      firstName: json["first_name"]?.stringValue,
      lastName: json["last_name"]?.stringValue,
      username: json["username"]?.stringValue,
      phoneNumber: phone?["phone_number"]?.stringValue,
      emailVerification: Self.verificationStatus(of: primary),
      phoneVerification: Self.verificationStatus(of: phone),
      organizationMemberships: (json["organization_memberships"]?.arrayValue ?? []).compactMap {
        try? OrganizationMembership(json: $0)
      }
    )
  }

  /// The `verification.status` of an email address or phone number object.
  private static func verificationStatus(of identification: JSONValue?) -> VerificationStatus? {
    identification?["verification"]?["status"]?.stringValue.map(VerificationStatus.init(rawValue:))
  }
}
