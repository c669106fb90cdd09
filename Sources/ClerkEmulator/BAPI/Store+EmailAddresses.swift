import ClerkctlCore
import Foundation

/// A user's email addresses: the primary one on the user, the others beside it.
extension Store {
  /// The user's email addresses, the primary first, then the others oldest first.
  func emailAddresses(of user: UserRecord) -> [EmailAddressRecord] {
    var all: [EmailAddressRecord] = []
    if let address = user.emailAddress {
      all.append(
        EmailAddressRecord(
          id: user.emailAddressID, userID: user.id, emailAddress: address,
          verified: user.emailVerified, createdAt: user.createdAt, updatedAt: user.updatedAt))
    }
    return all + emailAddresses.filter { $0.userID == user.id }
  }

  /// The email address with this id and its user, primary or not.
  func emailAddress(id: String) -> (record: EmailAddressRecord, user: UserRecord)? {
    if let record = emailAddresses.first(where: { $0.id == id }),
      let user = users[record.userID]
    {
      return (record, user)
    }
    guard
      let user = userOrder.lazy.compactMap({ self.users[$0] }).first(where: {
        $0.emailAddress != nil && $0.emailAddressID == id
      })
    else { return nil }
    return emailAddresses(of: user).first.map { ($0, user) }
  }

  /// Whether any user has this address (any case), primary or not.
  func isEmailTaken(_ address: String) -> Bool {
    let wanted = address.lowercased()
    return users.values.contains { $0.emailAddress?.lowercased() == wanted }
      || emailAddresses.contains { $0.emailAddress.lowercased() == wanted }
  }

  /// BAPI / FAPI `EmailAddress`: a verified address as its owner made it
  /// (`verification_admin`), an unverified one without a verification.
  func emailAddressJSON(_ record: EmailAddressRecord) -> JSONValue {
    [
      "id": .string(record.id), "object": "email_address",
      "email_address": .string(record.emailAddress), "reserved": false,
      "verification": record.verified ? Self.adminVerification : .null,
      "linked_to": [], "matches_sso_connection": false,
      "created_at": .int(record.createdAt), "updated_at": .int(record.updatedAt),
    ]
  }
}
