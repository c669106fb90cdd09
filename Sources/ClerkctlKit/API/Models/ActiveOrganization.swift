import ClerkctlCore

/// A session's active organization as Clerk last reported it (`last_active_organization_id`).
package enum ActiveOrganization: Sendable, Equatable {
  /// Clerk has not said (an older credential, or a reply without the field): a token request
  /// then names no organization, so Clerk keeps the session's own.
  case unknown
  /// No organization: the personal account.
  case personal
  /// The organization with this id (`org_…`).
  case organization(String)

  /// Reads `last_active_organization_id` from a session object: absent is `unknown`, `null` or
  /// empty is `personal`.
  package init(sessionJSON json: JSONValue) {
    self.init(member: json.objectValue?["last_active_organization_id"])
  }

  /// Reads an organization id member: absent (`nil`) is `unknown`, `null` or empty `personal`.
  package init(member value: JSONValue?) {
    guard let value else {
      self = .unknown
      return
    }
    if let id = value.stringValue, !id.isEmpty {
      self = .organization(id)
    } else {
      self = .personal
    }
  }

  /// The organization id, when one is active.
  package var id: String? {
    if case .organization(let id) = self { return id }
    return nil
  }

  /// The `organization_id` a token request carries: the id, empty for the personal account,
  /// `nil` (no parameter) when unknown.
  package var tokenParameter: String? {
    switch self {
    case .unknown: nil
    case .personal: ""
    case .organization(let id): id
    }
  }
}
