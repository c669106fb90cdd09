import ClerkctlCore
import ClerkctlWire

/// A session inside Clerk's `Client` object.
package struct ClerkSession: Sendable, Equatable {
  package var id: String
  package var status: SessionStatus
  package var user: ClerkUser?
  /// The session's active organization (`last_active_organization_id`).
  package var activeOrganization: ActiveOrganization

  package init(
    id: String, status: SessionStatus, user: ClerkUser?,
    activeOrganization: ActiveOrganization = .unknown
  ) {
    self.id = id
    self.status = status
    self.user = user
    self.activeOrganization = activeOrganization
  }

  /// Reads a `Session` object.
  package init(json: JSONValue) throws(ClerkError) {
    guard let id = json["id"]?.stringValue, let status = json["status"]?.stringValue else {
      throw .malformedResponse("a session without an id or status")
    }
    let user: ClerkUser? =
      if let userJSON = json["user"], userJSON.objectValue != nil {
        try ClerkUser(json: userJSON)
      } else {
        nil
      }
    self.init(
      id: id, status: SessionStatus(rawValue: status), user: user,
      activeOrganization: ActiveOrganization(sessionJSON: json))
  }

  /// Whether tokens can be minted for it.
  package var isActive: Bool { status == .active }
}
