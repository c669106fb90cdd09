import ClerkctlCore
import ClerkctlWire

/// Clerk's `SignUp` object, as far as a transferred browser sign-in needs it.
package struct SignUpAttempt: Sendable, Equatable {
  package var id: String
  package var status: SignUpStatus
  package var createdSessionID: String?
  package var createdUserID: String?
  /// What Clerk still needs before the user can be created (`missing_fields`).
  package var missingFields: [String]

  package init(
    id: String, status: SignUpStatus, createdSessionID: String? = nil, createdUserID: String? = nil,
    missingFields: [String] = []
  ) {
    self.id = id
    self.status = status
    self.createdSessionID = createdSessionID
    self.createdUserID = createdUserID
    self.missingFields = missingFields
  }

  /// Reads a `SignUp` object.
  package init(json: JSONValue) throws(ClerkError) {
    guard let id = json["id"]?.stringValue, let status = json["status"]?.stringValue else {
      throw .malformedResponse("a sign-up without an id or status")
    }
    self.init(
      id: id, status: SignUpStatus(rawValue: status),
      createdSessionID: json["created_session_id"]?.stringValue,
      createdUserID: json["created_user_id"]?.stringValue,
      missingFields: (json["missing_fields"]?.arrayValue ?? []).compactMap(\.stringValue))
  }
}
