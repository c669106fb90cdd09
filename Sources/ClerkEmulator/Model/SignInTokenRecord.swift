import ClerkctlCore
import ClerkctlWire
import Foundation

/// A BAPI sign-in token (`sit_…`), redeemed by a FAPI `strategy=ticket` sign-in.
struct SignInTokenRecord: Sendable {
  var id: String
  var userID: String
  var token: String
  var status: SignInTokenStatus
  var expiresAt: Int64
  var createdAt: Int64
  var updatedAt: Int64
  /// An actor token (`act_…`, BAPI `/actor_tokens`): the actor the session acts for, and how
  /// long (seconds) that session may last at most.
  var actor: JSONValue? = nil
  var sessionMaxDuration: Int64? = nil
}
