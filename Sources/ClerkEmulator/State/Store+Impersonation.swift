import ClerkctlCore
import Foundation

/// Impersonation: a session an actor token created.
extension Store {
  /// Marks `sessionID` as acting for `actor` (its tokens carry it as `act`) and ends it at most
  /// `maxDuration` seconds from its creation (Clerk's default: 30 minutes).
  mutating func startImpersonation(_ sessionID: String, actor: JSONValue, maxDuration: Int64?) {
    guard var session = sessions[sessionID] else { return }
    session.actor = actor
    session.expireAt = min(session.expireAt, session.createdAt + (maxDuration ?? 1800) * 1000)
    sessions[sessionID] = session
  }
}
