import ClerkctlCore
import ClerkctlWire
import Foundation

/// A session (`sess_…`) created by a completed sign-in.
struct SessionRecord: Sendable, Equatable {
  var id: String
  var clientID: String
  var userID: String
  /// `active`, `ended`, `removed`, `revoked` or `expired`.
  var status: SessionStatus
  var firstFactorAt: Int64
  var secondFactorAt: Int64?
  var lastActiveAt: Int64
  var expireAt: Int64
  var abandonAt: Int64
  var createdAt: Int64
  var updatedAt: Int64
  /// The active organization (`last_active_organization_id`); a new session has none.
  var lastActiveOrganizationID: String? = nil
  /// The impersonator, for a session an actor token created (its tokens' `act` claim).
  var actor: JSONValue? = nil
  /// The session token minted last (`last_active_token`): at sign-in, then by each request.
  var lastActiveToken: String? = nil
}
