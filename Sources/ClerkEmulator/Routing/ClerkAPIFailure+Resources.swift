import ClerkctlCore
import Foundation

/// Clerk's errors for email addresses, memberships, invitations and moderated users (codes
/// and statuses from Clerk's error index).
extension ClerkAPIFailure {
  /// The address belongs to a user already.
  static let emailAddressTaken = Self(
    status: 422, code: "form_identifier_exists",
    message: "That email address is taken. Please try another.",
    longMessage: "That email address is taken. Please try another.", paramName: "email_address")

  /// The primary email address cannot go while it is primary.
  static let primaryEmailDeletion = Self(
    status: 400, code: "identification_deletion_failed",
    message: "Identification deletion failed",
    longMessage:
      "The primary email address cannot be deleted. Make another email address primary first.")

  /// Removing or demoting the organization's last admin.
  static let minimumPermissionsNeeded = Self(
    status: 400, code: "organization_minimum_permissions_needed",
    message: "Minimum permissions needed",
    longMessage:
      "There has to be at least one organization member with the minimum required permissions")

  /// The user is no member of the organization.
  static func membershipNotFound(_ userID: String) -> Self {
    .resourceNotFound("not found", "No organization membership was found for user \(userID)")
  }

  /// No invitation with this id in the organization.
  static func invitationNotFound(_ id: String) -> Self {
    Self(
      status: 404, code: "organization_invitation_not_found", message: "not found",
      longMessage: "No organization invitation was found with id \(id)")
  }

  /// Only a pending invitation can be revoked.
  static let invitationNotPending = Self(
    status: 404, code: "organization_invitation_not_pending",
    message: "Organization invitation is not pending",
    longMessage:
      "The organization invitation is not pending; only pending invitations can be revoked.")

  /// A banned user: no sign-in, no session (Clerk's `user_banned`, also on the token path).
  static let userBanned = Self(
    status: 403, code: "user_banned", message: "Your account is banned.",
    longMessage: "Your account is banned. For more information, please contact support.")

  /// A locked user, with the seconds left in `meta.lockout_expires_in_seconds`.
  static func userLocked(seconds: Int64) -> Self {
    let minutes = max(1, (seconds + 59) / 60)
    let text =
      "Your account is locked. You will be able to try again in \(minutes) "
      + "minute\(minutes == 1 ? "" : "s"). For more information, please contact support."
    return Self(
      status: 403, code: "user_locked", message: text, longMessage: text,
      meta: ["lockout_expires_in_seconds": .int(seconds)])
  }

  /// Refuses a banned user, or one locked at `now`.
  static func checkAllowed(_ user: UserRecord, now: Int64) throws(ClerkAPIFailure) {
    if user.banned { throw .userBanned }
    if let seconds = user.lockoutSeconds(at: now) { throw .userLocked(seconds: seconds) }
  }
}
