import ClerkctlCore
import Foundation

/// Clerk's JSON shapes for organizations and memberships (timestamps in milliseconds).
///
/// FAPI: `Client.OrganizationMembership` with a full `Client.Organization` (a closed schema)
/// and `Client.PublicUserData`. BAPI (`backend`): `OrganizationMembership` with `Organization`
/// (adds `private_metadata`, `created_by`) and `OrganizationMembershipPublicUserData`.
extension Store {
  /// `Client.Organization`, or BAPI `Organization` (`members_count` unless `withMembersCount` is false).
  func organizationJSON(
    _ organization: OrganizationRecord, backend: Bool = false, withMembersCount: Bool = true
  ) -> JSONValue {
    var json: [String: JSONValue] = [
      "object": "organization", "id": .string(organization.id),
      "name": .string(organization.name), "slug": .string(organization.slug),
      "image_url": "", "has_image": false,
      "max_allowed_memberships": .int(organization.maxAllowedMemberships),
      "admin_delete_enabled": true, "public_metadata": organization.publicMetadata,
      "created_at": .int(organization.createdAt), "updated_at": .int(organization.updatedAt),
    ]
    if withMembersCount {
      json["members_count"] = .int(Int64(membersCount(organization.id)))
      json["pending_invitations_count"] = 0
    }
    if backend {
      json["private_metadata"] = organization.privateMetadata
      if let creator = organization.createdBy { json["created_by"] = .string(creator) }
    } else {
      json["self_serve_sso_enabled"] = false
    }
    return .object(json)
  }

  /// `Client.OrganizationMembership`, or BAPI `OrganizationMembership`.
  func membershipJSON(
    _ membership: OrganizationMembershipRecord, backend: Bool = false
  )
    -> JSONValue
  {
    var json: [String: JSONValue] = [
      "object": "organization_membership", "id": .string(membership.id),
      "role": .string(membership.role), "role_name": .string(membership.roleName),
      "permissions": .array(membership.permissions.map(JSONValue.string)),
      "public_metadata": membership.publicMetadata,
      "created_at": .int(membership.createdAt), "updated_at": .int(membership.updatedAt),
      "organization": organizations[membership.organizationID].map {
        organizationJSON($0, backend: backend, withMembersCount: !backend)
      } ?? .null,
    ]
    if let user = users[membership.userID] {
      var data = publicUserData(user).objectValue ?? [:]
      data["user_id"] = .string(user.id)
      if backend { data["profile_image_url"] = data["image_url"] ?? "" }
      json["public_user_data"] = .object(data)
    }
    if backend { json["private_metadata"] = membership.privateMetadata }
    return .object(json)
  }

  /// The user's memberships as `organization_memberships` of a user object.
  func userMembershipsJSON(_ userID: String, backend: Bool) -> JSONValue {
    .array(memberships(ofUser: userID).map { membershipJSON($0, backend: backend) })
  }
}
