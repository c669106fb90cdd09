import ClerkctlCore
import Foundation

/// Machines: the seed, and their Backend API objects.
extension Store {
  /// Adds the configured machines, each with its fixed id and secret or random ones, then
  /// their scopes (which name machines by name or id).
  mutating func seedMachines(
    _ configuration: EmulatorConfiguration, random: RandomSource, now: Int64
  ) {
    var ids: [String: String] = [:]
    for machine in configuration.machines {
      let record = MachineRecord(
        id: machine.id ?? random.id("mch"), name: machine.name,
        secretKey: machine.secretKey ?? random.machineSecretKey(),
        defaultTokenTTL: machine.defaultTokenTTL, createdAt: now, updatedAt: now)
      machineAuth.insert(record)
      ids[machine.name] = record.id
      ids[record.id] = record.id
    }
    for machine in configuration.machines {
      guard let id = ids[machine.name] else { continue }
      for target in machine.scopedMachines {
        guard let targetID = ids[target],
          machineAuth.machines[id]?.scopes.contains(where: { $0.machineID == targetID }) == false
        else { continue }
        machineAuth.machines[id]?.scopes.append(.init(machineID: targetID, createdAt: now))
      }
    }
  }

  /// BAPI `Machine`: `scoped_machines` lists the machines it may call, without their own scopes.
  func machineJSON(_ machine: MachineRecord, instanceID: String) -> JSONValue {
    var json = machineBaseJSON(machine, instanceID: instanceID)
    json["scoped_machines"] = .array(
      machine.scopes.compactMap { machineAuth.machines[$0.machineID] }.map {
        .object(machineBaseJSON($0, instanceID: instanceID))
      })
    return .object(json)
  }

  /// BAPI `MachineWithoutScopedMachines`.
  private func machineBaseJSON(
    _ machine: MachineRecord, instanceID: String
  ) -> [String: JSONValue] {
    [
      "object": "machine", "id": .string(machine.id), "name": .string(machine.name),
      "instance_id": .string(instanceID), "created_at": .int(machine.createdAt),
      "updated_at": .int(machine.updatedAt), "default_token_ttl": .int(machine.defaultTokenTTL),
    ]
  }

  /// BAPI `MachineScope`.
  func machineScopeJSON(from machineID: String, _ scope: MachineRecord.Scope) -> JSONValue {
    [
      "object": "machine_scope", "from_machine_id": .string(machineID),
      "to_machine_id": .string(scope.machineID), "created_at": .int(scope.createdAt),
    ]
  }

  /// The BAPI `machine_to_machine_token` object; `token` only where Clerk returns it (on
  /// creation). `expired` is judged at `now`.
  func m2mTokenJSON(_ token: M2MTokenRecord, now: Int64, includeToken: Bool) -> JSONValue {
    var json: [String: JSONValue] = [
      "object": "machine_to_machine_token", "id": .string(token.id),
      "subject": .string(token.subject), "claims": token.claims,
      "scopes": .array(token.scopes.map(JSONValue.string)), "revoked": .bool(token.revoked),
      "revocation_reason": token.revocationReason.map(JSONValue.string) ?? .null,
      "expired": .bool(token.isExpired(now: now)), "expiration": .int(token.expiration),
      "last_used_at": token.lastUsedAt.map(JSONValue.int) ?? .null,
      "created_at": .int(token.createdAt), "updated_at": .int(token.updatedAt),
    ]
    if includeToken { json["token"] = .string(token.token) }
    return .object(json)
  }
}
