import ClerkctlCore
import FoundationEssentials

/// Machines over the Backend API (bearer: the instance secret key): list, create, delete,
/// scopes and secret rotation. Replies are Clerk's objects, times in milliseconds.
extension MachineAPIClient {
  /// `GET /v1/machines`: `{data, total_count}`, newest first, up to `limit`.
  package func listMachines(limit: Int = 100, offset: Int = 0) throws -> JSONValue {
    try send(
      "GET", "/v1/machines", query: [("limit", String(limit)), ("offset", String(offset))])
  }

  /// `POST /v1/machines`: a new machine allowed to call `scopedMachines`; the reply alone
  /// carries its `secret_key`.
  package func createMachine(name: String, scopedMachines: [String]) throws -> JSONValue {
    var body: [String: JSONValue] = ["name": .string(name)]
    if !scopedMachines.isEmpty {
      body["scoped_machines"] = .array(scopedMachines.map(JSONValue.string))
    }
    return try send("POST", "/v1/machines", body: .object(body))
  }

  /// `DELETE /v1/machines/{id}`.
  package func deleteMachine(id: String) throws -> JSONValue {
    try send("DELETE", "/v1/machines/\(FormEncoding.escape(id))")
  }

  /// `POST /v1/machines/{id}/scopes`: lets `id` call `target`.
  package func addScope(id: String, target: String) throws -> JSONValue {
    try send(
      "POST", "/v1/machines/\(FormEncoding.escape(id))/scopes",
      body: ["to_machine_id": .string(target)])
  }

  /// `DELETE /v1/machines/{id}/scopes/{target}`.
  package func removeScope(id: String, target: String) throws -> JSONValue {
    try send(
      "DELETE", "/v1/machines/\(FormEncoding.escape(id))/scopes/\(FormEncoding.escape(target))")
  }

  /// `POST /v1/machines/{id}/secret_key/rotate`: a new secret; the old one keeps working for
  /// `graceSeconds` (`previous_token_ttl`, 0…28800).
  package func rotateSecret(id: String, graceSeconds: Int64) throws -> JSONValue {
    try send(
      "POST", "/v1/machines/\(FormEncoding.escape(id))/secret_key/rotate",
      body: ["previous_token_ttl": .int(graceSeconds)])
  }
}
