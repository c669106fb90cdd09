import ClerkctlWire

/// Keeping the store within its ``StoreLimits``: the oldest anonymous state goes first.
extension Store {
  /// Forgets the oldest clients without an active session, sign-ins, emails, log entries and
  /// sessions that are over (ended, revoked, expired … by their last update; `now`, in
  /// milliseconds, expires those past `expire_at` first) beyond `limits`. Cheap while under
  /// every cap (a few counts): an eviction goes a tenth below the cap, so the scan for the
  /// oldest runs once per that many new entries.
  mutating func trim(to limits: StoreLimits, now: Int64) {
    if requests.count > limits.requests {
      requests.removeFirst(requests.count - StoreLimits.target(for: limits.requests))
    }
    if emails.count > limits.emails {
      emails.removeFirst(emails.count - StoreLimits.target(for: limits.emails))
    }
    if signIns.count > limits.signIns {
      let oldest = signIns.values.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
      let count = signIns.count - StoreLimits.target(for: limits.signIns)
      forgetSignIns(Set(oldest.prefix(count).map(\.id)))
    }
    if clients.count > max(limits.clients, clientCountToCheck) {
      evictClients(limit: limits.clients)
    }
    if sessions.count > max(limits.sessions, sessionCountToCheck) {
      evictSessions(limit: limits.sessions, now: now)
    }
  }

  /// Expires the active sessions past `expire_at`, then forgets the least recently updated
  /// sessions that are over until those are a tenth below `limit`.
  private mutating func evictSessions(limit: Int, now: Int64) {
    for id in Array(sessions.keys) { expireSession(id, now: now) }
    let over = sessions.values.filter { Self.isOver($0.status) }
    if over.count > limit {
      let oldest = over.sorted { ($0.updatedAt, $0.id) < ($1.updatedAt, $1.id) }
      let forgotten = oldest.prefix(over.count - StoreLimits.target(for: limit))
      let ids = Set(forgotten.map(\.id))
      for id in ids { sessions[id] = nil }
      for clientID in Set(forgotten.map(\.clientID)) {
        clients[clientID]?.sessionIDs.removeAll { ids.contains($0) }
        if let last = clients[clientID]?.lastActiveSessionID, ids.contains(last) {
          clients[clientID]?.lastActiveSessionID = nil
        }
      }
    }
    // Live sessions are kept: look again only once a tenth more have come.
    sessionCountToCheck = sessions.count + max(limit / 10, 1)
  }

  /// Whether a session in `status` is over for good (nothing can make it live again).
  private static func isOver(_ status: SessionStatus) -> Bool {
    switch status {
    case .active, .pending: return false
    case .ended, .removed, .revoked, .expired, .abandoned, .replaced, .unknown: return true
    }
  }

  /// Forgets the least recently updated clients that hold no active session until those are
  /// a tenth below `limit`.
  private mutating func evictClients(limit: Int) {
    let anonymous = clients.values.filter { !hasActiveSession($0) }
    if anonymous.count > limit {
      let oldest = anonymous.sorted { ($0.updatedAt, $0.id) < ($1.updatedAt, $1.id) }
      let evicted = oldest.prefix(anonymous.count - StoreLimits.target(for: limit))
      for client in evicted { clients[client.id] = nil }
      forgetSignIns(Set(evicted.compactMap(\.signInID)))
    }
    // Clients with sessions are kept: look again only once a tenth more have come.
    clientCountToCheck = clients.count + max(limit / 10, 1)
  }

  /// Forgets these sign-ins, the browser nonces made for them and their clients' pointers.
  private mutating func forgetSignIns(_ ids: Set<String>) {
    guard !ids.isEmpty else { return }
    for id in ids {
      guard let signIn = signIns.removeValue(forKey: id) else { continue }
      if clients[signIn.clientID]?.signInID == id { clients[signIn.clientID]?.signInID = nil }
    }
    if !nonces.isEmpty { nonces = nonces.filter { !ids.contains($0.value.signInID) } }
  }
}
