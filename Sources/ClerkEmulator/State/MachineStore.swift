import Foundation

/// Machines and their stored M2M tokens. Part of ``Store``: only touched under its lock.
struct MachineStore: Sendable {
  /// id → machine; `order` oldest first.
  var machines: [String: MachineRecord] = [:]
  var order: [String] = []
  /// id → opaque token; `tokenOrder` oldest first; `tokenIDs` maps the bearer secret to the id.
  var tokens: [String: M2MTokenRecord] = [:]
  var tokenOrder: [String] = []
  var tokenIDs: [String: String] = [:]

  /// The machine a secret key authenticates at `now` (a current key, or a rotated-out one
  /// within its grace period), if any.
  func machine(secret: String, now: Int64) -> MachineRecord? {
    order.lazy.compactMap { machines[$0] }.first { $0.accepts(secret, now: now) }
  }

  /// Adds a machine at the end of the order.
  mutating func insert(_ machine: MachineRecord) {
    machines[machine.id] = machine
    order.append(machine.id)
  }

  /// Removes a machine, the scopes other machines hold on it, and its stored tokens.
  mutating func remove(_ id: String, now: Int64) {
    machines[id] = nil
    order.removeAll { $0 == id }
    for other in order where machines[other]?.scopes.contains(where: { $0.machineID == id }) == true
    {
      machines[other]?.scopes.removeAll { $0.machineID == id }
      machines[other]?.updatedAt = now
    }
    let dropped = Set(tokenOrder.filter { tokens[$0]?.subject == id })
    for tokenID in dropped {
      if let secret = tokens[tokenID]?.token { tokenIDs[secret] = nil }
      tokens[tokenID] = nil
    }
    tokenOrder.removeAll { dropped.contains($0) }
  }

  /// Stores an opaque token.
  mutating func insert(_ token: M2MTokenRecord) {
    tokens[token.id] = token
    tokenOrder.append(token.id)
    tokenIDs[token.token] = token.id
  }

  /// The stored token a bearer secret names, if any.
  func token(secret: String) -> M2MTokenRecord? {
    tokenIDs[secret].flatMap { tokens[$0] }
  }
}
