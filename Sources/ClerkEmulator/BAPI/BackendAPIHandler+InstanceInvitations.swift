import ClerkctlCore
import ClerkctlWire
import Foundation

/// Invitations to the instance over the Backend API: `POST /v1/invitations` (`email_address`;
/// an existing user's address is 400 `invitation_account_exists`, a pending invitation to it
/// 400 `duplicate_record` unless `ignore_existing`; `expires_in_days` 1…365, default 30), `GET
/// /v1/invitations` (a bare array, newest first; `status`, `query` (part of the address),
/// `limit`, `offset`) and `POST /v1/invitations/{id}/revoke` (a pending one; a revoked one is
/// 400 `invitation_already_revoked`).
extension BackendAPIHandler {
  func serveInstanceInvitation(
    _ endpoint: ResourceEndpoint, _ context: RequestContext, body: JSONValue, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    switch endpoint {
    case .createInstanceInvitation:
      guard let address = body["email_address"]?.stringValue, !address.isEmpty else {
        throw .paramMissing("email_address")
      }
      guard address.contains("@"), !address.hasPrefix("@"), !address.hasSuffix("@") else {
        throw ClerkAPIFailure(
          status: 422, code: "form_param_format_invalid", message: "is invalid",
          longMessage: "email_address must be a valid email address.",
          paramName: "email_address")
      }
      guard !store.isEmailTaken(address) else {
        throw ClerkAPIFailure(
          status: 400, code: "invitation_account_exists", message: "Account already exists",
          longMessage: "An account with the email address \(address) already exists.",
          paramName: "email_address")
      }
      let pending = store.instanceInvitations.contains {
        $0.emailAddress.lowercased() == address.lowercased() && $0.status(at: now) == .pending
      }
      if pending, body["ignore_existing"]?.boolValue != true {
        throw ClerkAPIFailure(
          status: 400, code: "duplicate_record", message: "duplicate record",
          longMessage: "There is already a pending invitation for \(address).",
          paramName: "email_address")
      }
      let days = body["expires_in_days"]?.intValue ?? 30
      guard (1...365).contains(days) else {
        throw .paramInvalid("expires_in_days", "expires_in_days must be between 1 and 365")
      }
      let metadata = body["public_metadata"] ?? [:]
      guard metadata == .null || metadata.objectValue != nil else {
        throw .paramInvalid("public_metadata", "public_metadata must be an object")
      }
      let invitation = InvitationRecord(
        id: random.id("inv"), emailAddress: address,
        publicMetadata: metadata == .null ? [:] : metadata, status: .pending,
        ticket: random.base62(48), expiresAt: now + days * 86_400_000, createdAt: now,
        updatedAt: now)
      store.instanceInvitations.append(invitation)
      return store.instanceInvitationJSON(invitation, now: now)
    case .listInstanceInvitations:
      let (limit, offset) = try page(context.query)
      let status = context.query.nonEmpty("status").map(InvitationStatus.init(rawValue:))
      let search = context.query.nonEmpty("query")?.lowercased()
      let matching = store.instanceInvitations.reversed().filter {
        (status == nil || $0.status(at: now) == status)
          && (search == nil || $0.emailAddress.lowercased().contains(search ?? ""))
      }
      return .array(
        matching.dropFirst(offset).prefix(limit).map { store.instanceInvitationJSON($0, now: now) })
    case .createEmailAddress, .getEmailAddress, .updateEmailAddress, .deleteEmailAddress,
      .createSession, .userMemberships, .createInvitation, .listInvitations, .getInvitation,
      .revokeInvitation,
      .getOrganization, .updateOrganization, .deleteOrganization, .mergeOrganizationMetadata,
      .listMemberships, .updateMembership, .deleteMembership, .updateMembershipMetadata:
      throw .routeNotFound  // not an instance invitation endpoint: `serveResource`
    case .revokeInstanceInvitation:
      let id = context.params["invitation_id"] ?? ""
      guard let index = store.instanceInvitations.firstIndex(where: { $0.id == id }) else {
        throw .notFound("invitation", id: id)
      }
      switch store.instanceInvitations[index].status(at: now) {
      case .pending: break
      case .revoked:
        throw ClerkAPIFailure(
          status: 400, code: "invitation_already_revoked", message: "Invitation already revoked",
          longMessage: "This invitation has already been revoked.")
      case .accepted, .expired, .completed, .unknown:
        throw ClerkAPIFailure(
          status: 400, code: "invitation_already_accepted",
          message: "Invitation cannot be revoked",
          longMessage: "Only pending invitations can be revoked.")
      }
      store.instanceInvitations[index].status = .revoked
      store.instanceInvitations[index].updatedAt = now
      var json =
        store.instanceInvitationJSON(store.instanceInvitations[index], now: now)
        .objectValue ?? [:]
      json["revoked"] = true
      return .object(json)
    }
  }
}

extension Store {
  /// BAPI `Invitation` (its status as of `now`; `url` the invitation's ticket link).
  func instanceInvitationJSON(_ invitation: InvitationRecord, now: Int64) -> JSONValue {
    [
      "object": "invitation", "id": .string(invitation.id),
      "email_address": .string(invitation.emailAddress),
      "public_metadata": invitation.publicMetadata,
      "revoked": .bool(invitation.status == .revoked),
      "status": .string(invitation.status(at: now).rawValue),
      "url": .string(baseURL + "/v1/tickets/accept?ticket=" + invitation.ticket),
      "expires_at": .int(invitation.expiresAt), "created_at": .int(invitation.createdAt),
      "updated_at": .int(invitation.updatedAt),
    ]
  }
}
