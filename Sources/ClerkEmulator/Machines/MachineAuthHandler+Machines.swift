import ClerkctlCore
import Foundation

/// Machines over the Backend API, with the instance secret key: list (Clerk's `{data,
/// total_count}`, newest first; `query` matches the exact id or part of the name, `order_by`
/// `name` or `created_at` with `+`/`-`; `limit`/`offset`), create (`name` 1…255 characters,
/// `scoped_machines` ids of existing machines, at most 150, `default_token_ttl` 1…315360000,
/// default 3600; the reply alone carries `secret_key`), get, update (`name`,
/// `default_token_ttl`), delete (its scopes on others and its tokens go with it), the secret
/// key, its rotation (`previous_token_ttl` 0…28800: the old key keeps working that many
/// seconds), and scopes (409 when it exists, 404 when it does not). Times in milliseconds.
extension MachineAuthHandler {
  func machineReply(
    _ endpoint: MachineEndpoint, _ context: RequestContext, body: JSONValue, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    if endpoint == .listMachines { return try listMachines(context.query, store: store) }
    if endpoint == .createMachine { return try createMachine(body, store: &store, now: now) }
    let id = context.params["machine_id"] ?? ""
    guard var machine = store.machineAuth.machines[id] else { throw .machineNotFound(id) }
    switch endpoint {
    case .getMachine:
      return store.machineJSON(machine, instanceID: instanceID)
    case .updateMachine:
      if let name = try Self.name(body, required: false) { machine.name = name }
      if let ttl = try Self.defaultTokenTTL(body) { machine.defaultTokenTTL = ttl }
      machine.updatedAt = now
      store.machineAuth.machines[id] = machine
      return store.machineJSON(machine, instanceID: instanceID)
    case .deleteMachine:
      store.machineAuth.remove(id, now: now)
      return ["object": "machine", "id": .string(id), "deleted": true]
    case .getSecretKey:
      return secretKeyJSON(machine)
    case .rotateSecretKey:
      return try rotateSecretKey(&machine, body, store: &store, now: now)
    case .createScope:
      return try createScope(&machine, body, store: &store, now: now)
    case .deleteScope:
      let other = context.params["other_machine_id"] ?? ""
      guard machine.scopes.contains(where: { $0.machineID == other }) else {
        throw .notFound("machine scope", id: "\(id) → \(other)")
      }
      machine.scopes.removeAll { $0.machineID == other }
      machine.updatedAt = now
      store.machineAuth.machines[id] = machine
      return [
        "object": "machine_scope", "from_machine_id": .string(id),
        "to_machine_id": .string(other), "deleted": true,
      ]
    case .listMachines, .createMachine:
      throw .routeNotFound  // answered above, before the machine is looked up
    case .createToken, .listTokens, .revokeToken, .verifyToken:
      throw .routeNotFound  // M2M tokens: `tokenReply`
    }
  }

  private func listMachines(_ query: FormData, store: Store) throws(ClerkAPIFailure) -> JSONValue {
    let (limit, offset) = try BackendAPIHandler(services: services).page(query)
    let search = query.nonEmpty("query")
    var machines = store.machineAuth.order.reversed().compactMap {
      store.machineAuth.machines[$0]
    }
    if let search {
      machines = machines.filter {
        $0.id == search || $0.name.lowercased().contains(search.lowercased())
      }
    }
    let order = query.nonEmpty("order_by") ?? "-created_at"
    let descending = order.hasPrefix("-")
    let field = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
    let ascending: (MachineRecord, MachineRecord) -> Bool
    switch field {
    case "created_at": ascending = { $0.createdAt < $1.createdAt }
    case "name": ascending = { $0.name.lowercased() < $1.name.lowercased() }
    default:
      throw ClerkAPIFailure(
        status: 422, code: "form_param_value_invalid", message: "is invalid",
        longMessage:
          "\(order) does not match the allowed values for parameter order_by. Allowed values: "
          + "name, created_at",
        paramName: "order_by")
    }
    // A stable sort over the newest-first list keeps the newest first among equals.
    machines = machines.enumerated().sorted { lhs, rhs in
      if ascending(lhs.element, rhs.element) { return !descending }
      if ascending(rhs.element, lhs.element) { return descending }
      return lhs.offset < rhs.offset
    }.map(\.element)
    let page = machines.dropFirst(offset).prefix(limit).map {
      store.machineJSON($0, instanceID: instanceID)
    }
    return ["data": .array(Array(page)), "total_count": .int(Int64(machines.count))]
  }

  private func createMachine(
    _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let name = try Self.name(body, required: true) else { throw .paramMissing("name") }
    var scopes: [MachineRecord.Scope] = []
    if let value = body["scoped_machines"], value != .null {
      guard let ids = value.arrayValue?.compactMap(\.stringValue),
        ids.count == value.arrayValue?.count
      else {
        throw .paramInvalid("scoped_machines", "scoped_machines must be an array of machine IDs")
      }
      for target in ids where !scopes.contains(where: { $0.machineID == target }) {
        guard store.machineAuth.machines[target] != nil else {
          throw .paramInvalid("scoped_machines", "No machine was found with id \(target)")
        }
        scopes.append(.init(machineID: target, createdAt: now))
      }
      guard scopes.count <= 150 else { throw .machineScopesExceeded }
    }
    let machine = MachineRecord(
      id: random.id("mch"), name: name, secretKey: random.machineSecretKey(), scopes: scopes,
      defaultTokenTTL: try Self.defaultTokenTTL(body) ?? 3600, createdAt: now, updatedAt: now)
    store.machineAuth.insert(machine)
    var json = store.machineJSON(machine, instanceID: instanceID).objectValue ?? [:]
    json["secret_key"] = .string(machine.secretKey)
    return .object(json)
  }

  private func rotateSecretKey(
    _ machine: inout MachineRecord, _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let value = body["previous_token_ttl"], value != .null else {
      throw .paramMissing("previous_token_ttl")
    }
    guard let grace = value.intValue, (0...28_800).contains(grace) else {
      throw .paramInvalid(
        "previous_token_ttl", "previous_token_ttl must be an integer between 0 and 28800")
    }
    machine.previousSecrets.removeAll { now >= $0.validUntil }
    if grace > 0 {
      machine.previousSecrets.append(
        .init(secret: machine.secretKey, validUntil: now + grace * 1000))
    }
    machine.secretKey = random.machineSecretKey()
    machine.updatedAt = now
    store.machineAuth.machines[machine.id] = machine
    return secretKeyJSON(machine)
  }

  private func createScope(
    _ machine: inout MachineRecord, _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    guard let target = body["to_machine_id"]?.stringValue, !target.isEmpty else {
      throw .paramMissing("to_machine_id")
    }
    guard store.machineAuth.machines[target] != nil else { throw .machineNotFound(target) }
    guard !machine.scopes.contains(where: { $0.machineID == target }) else {
      throw .machineScopeExists(from: machine.id, to: target)
    }
    guard machine.scopes.count < 150 else { throw .machineScopesExceeded }
    let scope = MachineRecord.Scope(machineID: target, createdAt: now)
    machine.scopes.append(scope)
    machine.updatedAt = now
    store.machineAuth.machines[machine.id] = machine
    return store.machineScopeJSON(from: machine.id, scope)
  }

  private func secretKeyJSON(_ machine: MachineRecord) -> JSONValue {
    ["object": "machine_secret_key", "secret": .string(machine.secretKey)]
  }

  /// `name`: 1…255 characters; nil when absent and not required.
  private static func name(
    _ body: JSONValue, required: Bool
  ) throws(ClerkAPIFailure) -> String? {
    guard let value = body["name"], value != .null else {
      if required { throw .paramMissing("name") }
      return nil
    }
    guard let name = value.stringValue, !name.isEmpty else { throw .paramMissing("name") }
    guard name.count <= 255 else {
      throw .paramInvalid("name", "name must be at most 255 characters long")
    }
    return name
  }

  /// `default_token_ttl`: 1…315360000 seconds; nil when absent.
  private static func defaultTokenTTL(_ body: JSONValue) throws(ClerkAPIFailure) -> Int64? {
    guard let value = body["default_token_ttl"], value != .null else { return nil }
    guard let ttl = value.intValue, (1...315_360_000).contains(ttl) else {
      throw .paramInvalid(
        "default_token_ttl", "default_token_ttl must be an integer between 1 and 315360000")
    }
    return ttl
  }
}
