/// Keeping the store within its ``StoreLimits``: the oldest anonymous state goes first.
extension Store {
  /// Forgets the oldest clients without an active session, sign-ins, emails and log entries
  /// beyond `limits`. Cheap while under every cap (a few counts): an eviction goes a tenth
  /// below the cap, so the scan for the oldest runs once per that many new entries.
  mutating func trim(to limits: StoreLimits) {
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
