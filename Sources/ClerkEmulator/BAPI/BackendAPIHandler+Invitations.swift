import ClerkctlCore
import ClerkctlWire
import Foundation

/// Organization invitations over the Backend API: create (`email_address` and one of the
/// instance's roles; an address of a current member is 400 `already_a_member_in_organization`;
/// `inviter_user_id` must name a user; `expires_in_days` 1…365, default 30), list
/// (`{"data","total_count"}`, newest first, filtered by `status` and `email_address`), get,
/// and revoke (a pending one only: else 404 `organization_invitation_not_pending`, as Clerk's
/// index has it). A pending invitation past `expires_at` reads `expired`.
extension BackendAPIHandler {
  func serveInvitation(
    _ endpoint: ResourceEndpoint, _ context: RequestContext, body: JSONValue, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    let key = context.params["organization_id"] ?? ""
    guard let organization = store.organization(idOrSlug: key) else {
      throw .organizationNotFound
    }
    switch endpoint {
    case .createInvitation:
      return try createInvitation(organization, body, store: &store, now: now)
    case .listInvitations:
      let (limit, offset) = try page(context.query)
      let statuses = Set(
        (context.query.values("status") + context.query.values("status[]"))
          .map(InvitationStatus.init(rawValue:)))
      let email = context.query.nonEmpty("email_address")?.lowercased()
      let matching = store.invitations.reversed().filter {
        $0.organizationID == organization.id
          && (statuses.isEmpty || statuses.contains($0.status(at: now)))
          && (email == nil || $0.emailAddress.lowercased() == email)
      }
      let data = matching.dropFirst(offset).prefix(limit).map {
        store.invitationJSON($0, now: now)
      }
      return ["data": .array(Array(data)), "total_count": .int(Int64(matching.count))]
    case .getInvitation, .revokeInvitation:
      let id = context.params["invitation_id"] ?? ""
      guard
        let index = store.invitations.firstIndex(where: {
          $0.id == id && $0.organizationID == organization.id
        })
      else { throw .invitationNotFound(id) }
      if endpoint == .revokeInvitation {
        guard store.invitations[index].status(at: now) == .pending else {
          throw .invitationNotPending
        }
        store.invitations[index].status = .revoked
        store.invitations[index].updatedAt = now
      }
      return store.invitationJSON(store.invitations[index], now: now)
    case .createEmailAddress, .getEmailAddress, .updateEmailAddress, .deleteEmailAddress,
      .createSession, .userMemberships, .createInstanceInvitation, .listInstanceInvitations,
      .revokeInstanceInvitation, .getOrganization, .updateOrganization, .deleteOrganization,
      .mergeOrganizationMetadata,
      .listMemberships, .updateMembership, .deleteMembership, .updateMembershipMetadata:
      throw .routeNotFound  // not an organization invitation endpoint: `serveResource`
    }
  }

  private func createInvitation(
    _ organization: OrganizationRecord, _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let address = body["email_address"]?.stringValue, !address.isEmpty else {
      throw .paramMissing("email_address")
    }
    guard address.contains("@"), !address.hasPrefix("@"), !address.hasSuffix("@") else {
      throw ClerkAPIFailure(
        status: 422, code: "form_param_format_invalid", message: "is invalid",
        longMessage: "email_address must be a valid email address.", paramName: "email_address")
    }
    guard let role = body["role"]?.stringValue, !role.isEmpty else {
      throw .paramMissing("role")
    }
    guard store.organizationRoles.contains(role) else {
      throw ClerkAPIFailure(
        status: 422, code: "form_param_value_invalid", message: "is invalid",
        longMessage: "\(role) does not match one of the allowed values for parameter role",
        paramName: "role")
    }
    let inviter = body["inviter_user_id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    if let inviter, store.users[inviter] == nil { throw .notFound("user", id: inviter) }
    if let member = store.user(identifier: address),
      store.membership(userID: member.id, organizationID: organization.id) != nil
    {
      throw .alreadyAMember(address)
    }
    let days = body["expires_in_days"]?.intValue ?? 30
    guard (1...365).contains(days) else {
      throw .paramInvalid("expires_in_days", "expires_in_days must be between 1 and 365")
    }
    let invitation = OrganizationInvitationRecord(
      id: random.id("orginv"), organizationID: organization.id, emailAddress: address,
      role: role, inviterID: inviter, status: .pending,
      publicMetadata: try invitationMetadata(body, "public_metadata"),
      privateMetadata: try invitationMetadata(body, "private_metadata"),
      expiresAt: now + days * 86_400_000, createdAt: now, updatedAt: now)
    store.invitations.append(invitation)
    return store.invitationJSON(invitation, now: now)
  }

  private func invitationMetadata(
    _ body: JSONValue, _ key: String
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let value = body[key], value != .null else { return [:] }
    guard value.objectValue != nil else { throw .paramInvalid(key, "\(key) must be an object") }
    return value
  }
}

extension Store {
  /// BAPI `OrganizationInvitation` (its status as of `now`; the inviter's public data).
  func invitationJSON(_ invitation: OrganizationInvitationRecord, now: Int64) -> JSONValue {
    let role = OrganizationMembershipRecord(
      id: "", organizationID: invitation.organizationID, userID: "", role: invitation.role,
      createdAt: 0, updatedAt: 0)
    let inviter: JSONValue =
      invitation.inviterID.flatMap { users[$0] }.map { user in
        [
          "user_id": .string(user.id),
          "first_name": user.firstName.map(JSONValue.string) ?? .null,
          "last_name": user.lastName.map(JSONValue.string) ?? .null,
          "image_url": "", "has_image": false, "identifier": .string(user.displayIdentifier),
        ]
      } ?? .null
    return [
      "object": "organization_invitation", "id": .string(invitation.id),
      "email_address": .string(invitation.emailAddress), "role": .string(invitation.role),
      "role_name": .string(role.roleName), "organization_id": .string(invitation.organizationID),
      "inviter_id": invitation.inviterID.map(JSONValue.string) ?? .null,
      "public_inviter_data": inviter, "status": .string(invitation.status(at: now).rawValue),
      "public_metadata": invitation.publicMetadata,
      "private_metadata": invitation.privateMetadata, "url": nil,
      "expires_at": .int(invitation.expiresAt), "created_at": .int(invitation.createdAt),
      "updated_at": .int(invitation.updatedAt),
    ]
  }
}
