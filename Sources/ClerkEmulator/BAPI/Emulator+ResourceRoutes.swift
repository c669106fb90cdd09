extension Emulator {
  /// Email addresses (`POST /v1/email_addresses`, `GET|PATCH|DELETE /v1/email_addresses/{id}`),
  /// `POST /v1/sessions`, instance invitations (create, list, revoke), and organizations: get, update, delete, metadata merge, memberships
  /// (list, role change, removal) and invitations (create, list, get, revoke).
  static let resourceRoutes: [Route] = {
    func route(_ method: String, _ template: String, _ endpoint: ResourceEndpoint) -> Route {
      Route(
        surface: .backend, method: method, template: template,
        endpoint: .backend(.resources(endpoint)))
    }
    let email = "/v1/email_addresses/{email_address_id}"
    let organization = "/v1/organizations/{organization_id}"
    let membership = organization + "/memberships/{user_id}"
    let invitations = organization + "/invitations"
    return [
      route("POST", "/v1/email_addresses", .createEmailAddress),
      route("GET", email, .getEmailAddress), route("PATCH", email, .updateEmailAddress),
      route("DELETE", email, .deleteEmailAddress),
      route("POST", "/v1/sessions", .createSession),
      route("GET", "/v1/users/{user_id}/organization_memberships", .userMemberships),
      route("POST", "/v1/invitations", .createInstanceInvitation),
      route("GET", "/v1/invitations", .listInstanceInvitations),
      route("POST", "/v1/invitations/{invitation_id}/revoke", .revokeInstanceInvitation),
      route("GET", organization, .getOrganization),
      route("PATCH", organization, .updateOrganization),
      route("DELETE", organization, .deleteOrganization),
      route("PATCH", organization + "/metadata", .mergeOrganizationMetadata),
      route("GET", organization + "/memberships", .listMemberships),
      route("PATCH", membership, .updateMembership), route("DELETE", membership, .deleteMembership),
      route("PATCH", membership + "/metadata", .updateMembershipMetadata),
      route("POST", invitations, .createInvitation), route("GET", invitations, .listInvitations),
      route("GET", invitations + "/{invitation_id}", .getInvitation),
      route("POST", invitations + "/{invitation_id}/revoke", .revokeInvitation),
    ]
  }()
}
