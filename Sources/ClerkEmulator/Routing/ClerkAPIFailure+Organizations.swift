import Foundation

/// Clerk's organization errors (codes, statuses and messages from Clerk's error index).
extension ClerkAPIFailure {
  /// An organization that does not exist or that the user is not a member of (FAPI and BAPI).
  static let organizationNotFoundOrUnauthorized = Self(
    status: 404, code: "organization_not_found_or_unauthorized",
    message: "not found or unauthorized",
    longMessage:
      "Given organization not found, or you don't have permission to access the organization")

  /// BAPI: no organization with this id.
  static let organizationNotFound = resourceNotFound(
    "not found", "Given organization not found.")

  /// BAPI: the user is already a member of the organization.
  static func alreadyAMember(_ user: String) -> Self {
    Self(
      status: 400, code: "already_a_member_in_organization", message: "already a member",
      longMessage: "\(user) is already a member of the organization.")
  }

  /// BAPI: `created_by` names no user.
  static func organizationCreatorNotFound(_ userID: String) -> Self {
    Self(
      status: 400, code: "organization_creator_not_found", message: "creator not found",
      longMessage: "No users found with id \(userID).")
  }

  /// BAPI: the slug belongs to another organization.
  static let organizationSlugTaken = Self(
    status: 422, code: "form_identifier_exists", message: "That slug is taken. Please try another.",
    longMessage: "That slug is taken. Please try another.", paramName: "slug")

  /// BAPI: the organization has reached `max_allowed_memberships`.
  static func membershipQuotaExceeded(_ limit: Int64) -> Self {
    Self(
      status: 403, code: "organization_membership_quota_exceeded",
      message: "organization membership quota exceeded",
      longMessage:
        "You have reached your limit of \(limit) organization memberships, including outstanding "
        + "invitations.")
  }
}
