import ClerkctlCore

/// The Frontend API operations for organizations, as Clerk's native clients call them.
extension FrontendAPIClient {
  /// How many memberships one page asks for.
  package static let membershipPageSize = 100
  /// The most pages read, so a server that never ends the list cannot keep the client looping.
  package static let membershipPageLimit = 100

  /// `GET /v1/me/organization_memberships?paginated=true`: every membership of the session's
  /// user, page by page (`{data, total_count}`; a bare array is taken as the whole list).
  package func organizationMemberships(
    sessionID: String
  ) throws(ClerkError) -> [OrganizationMembership] {
    var memberships: [OrganizationMembership] = []
    for _ in 0..<Self.membershipPageLimit {
      let json = try send(
        "GET", "/v1/me/organization_memberships",
        query: [
          ("paginated", "true"), ("offset", String(memberships.count)),
          ("limit", String(Self.membershipPageSize)), ("_clerk_session_id", sessionID),
        ], idempotent: true)
      guard let response = json["response"] else {
        throw .malformedResponse("the organization memberships reply has no 'response'")
      }
      if let list = response.arrayValue {
        for item in list { memberships.append(try OrganizationMembership(json: item)) }
        return memberships
      }
      guard let page = response["data"]?.arrayValue else {
        throw .malformedResponse("the organization memberships reply has no 'data'")
      }
      for item in page { memberships.append(try OrganizationMembership(json: item)) }
      let total = response["total_count"]?.intValue ?? Int64(memberships.count)
      if page.isEmpty || Int64(memberships.count) >= total { return memberships }
    }
    throw .malformedResponse(
      "the organization memberships list did not end after \(Self.membershipPageLimit) pages")
  }

  /// `POST /v1/client/sessions/{sid}/touch` with `active_organization_id` (`nil`: none, the
  /// personal account) and `intent=select_org`: the session as Clerk now has it.
  package func touchSession(
    _ sessionID: String, activeOrganizationID: String?
  ) throws(ClerkError) -> ClerkSession {
    let json = try send(
      "POST", "/v1/client/sessions/\(FormEncoding.escape(sessionID))/touch",
      form: [("active_organization_id", activeOrganizationID ?? ""), ("intent", "select_org")],
      idempotent: true)
    guard let response = json["response"], response.objectValue != nil else {
      throw .malformedResponse("the session touch reply has no 'response'")
    }
    return try ClerkSession(json: response)
  }
}
