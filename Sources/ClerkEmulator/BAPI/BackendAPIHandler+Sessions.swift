import ClerkctlCore
import ClerkctlWire
import Foundation

/// `GET /v1/sessions`: Clerk's session list, newest first, filtered by `client_id`, `user_id`
/// and `status`, paged by `limit`/`offset`. Active sessions past `expire_at` read as expired.
extension BackendAPIHandler {
  func listSessions(
    _ query: FormData, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    let status = query.nonEmpty("status").map(SessionStatus.init(rawValue:))
    if case .unknown(let value) = status {
      let known = SessionStatus.documented.map(\.rawValue).joined(separator: ", ")
      throw .paramInvalid("status", "status \(value) is not one of \(known)")
    }
    let (limit, offset) = try page(query)
    let userID = query.nonEmpty("user_id")
    let clientID = query.nonEmpty("client_id")
    for id in store.sessions.keys { store.expireSession(id, now: now) }
    let sessions = store.sessions.values.filter {
      (userID == nil || $0.userID == userID) && (clientID == nil || $0.clientID == clientID)
        && (status == nil || $0.status == status)
    }.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    return .array(sessions.dropFirst(offset).prefix(limit).map { store.backendSessionJSON($0) })
  }
}
