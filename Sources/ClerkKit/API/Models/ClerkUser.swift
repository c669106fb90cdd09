/// The parts of Clerk's `User` object a client shows.
package struct ClerkUser: Sendable, Equatable {
  package var id: String
  /// The primary email address, when the user has one.
  package var email: String?
  package var firstName: String?
  package var lastName: String?
  package var username: String?

  package init(
    id: String, email: String? = nil, firstName: String? = nil, lastName: String? = nil,
    username: String? = nil
  ) {
    self.id = id
    self.email = email
    self.firstName = firstName
    self.lastName = lastName
    self.username = username
  }

  /// Reads a `User` object.
  package init(json: JSONValue) throws(ClerkError) {
    guard let id = json["id"]?.stringValue else {
      throw .malformedResponse("a user without an id")
    }
    let primaryID = json["primary_email_address_id"]?.stringValue
    let addresses = json["email_addresses"]?.arrayValue ?? []
    let primary =
      addresses.first { $0["id"]?.stringValue == primaryID } ?? addresses.first
    self.init(
      id: id,
      email: primary?["email_address"]?.stringValue,
      firstName: json["first_name"]?.stringValue,
      lastName: json["last_name"]?.stringValue,
      username: json["username"]?.stringValue
    )
  }
}
