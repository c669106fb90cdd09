import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlHTTP

@Suite("Backend API: machines")
struct MachineTests {
  @Test("create returns the secret key once; get, list, update and delete follow Clerk's shapes")
  func crud() throws {
    let harness = try EmulatorHarness()
    let api = try harness.createMachine("api")
    #expect(api.id.hasPrefix("mch_") && api.id.count == 31)
    #expect(api.secret.hasPrefix("ak_"))
    let created = harness.bapi(
      "POST", "/v1/machines",
      json: ["name": "ci", "scoped_machines": [.string(api.id)], "default_token_ttl": 60])
    let ci = try EmulatorHarness.json(created)
    let ciID = try #require(ci["id"]?.stringValue)
    #expect(ci["object"] == "machine")
    #expect(ci["instance_id"]?.stringValue == harness.emulator.instanceID)
    #expect(ci["default_token_ttl"] == 60)
    #expect(ci["created_at"]?.intValue == Int64(harness.time.now.timeIntervalSince1970 * 1000))
    #expect(ci["scoped_machines"]?.arrayValue?.map { $0["id"] } == [.string(api.id)])
    #expect(ci["scoped_machines"]?.arrayValue?.first?["scoped_machines"] == nil)

    let fetched = try EmulatorHarness.json(harness.bapi("GET", "/v1/machines/\(ciID)"))
    #expect(fetched["secret_key"] == nil)
    #expect(fetched["name"] == "ci")
    let secret = try EmulatorHarness.json(harness.bapi("GET", "/v1/machines/\(ciID)/secret_key"))
    #expect(secret == ["object": "machine_secret_key", "secret": ci["secret_key"] ?? .null])

    let updated = try EmulatorHarness.json(
      harness.bapi("PATCH", "/v1/machines/\(ciID)", json: ["name": "ci-2", "default_token_ttl": 5]))
    #expect(updated["name"] == "ci-2")
    #expect(updated["default_token_ttl"] == 5)
    #expect(
      harness.bapi("PATCH", "/v1/machines/\(ciID)", json: ["default_token_ttl": 0]).status == 422)
    #expect(harness.bapi("PATCH", "/v1/machines/\(ciID)", json: ["name": ""]).status == 422)

    let deleted = try EmulatorHarness.json(harness.bapi("DELETE", "/v1/machines/\(api.id)"))
    #expect(deleted == ["object": "machine", "id": .string(api.id), "deleted": true])
    #expect(harness.bapi("GET", "/v1/machines/\(api.id)").status == 404)
    // The deleted machine leaves the scopes of the others.
    let after = try EmulatorHarness.json(harness.bapi("GET", "/v1/machines/\(ciID)"))
    #expect(after["scoped_machines"] == [])
  }

  @Test("create refuses a missing name, unknown scoped machines and a bad default_token_ttl")
  func createRefusals() throws {
    let harness = try EmulatorHarness()
    #expect(harness.bapi("POST", "/v1/machines", json: [:]).status == 422)
    #expect(
      harness.bapi(
        "POST", "/v1/machines", json: ["name": .string(String(repeating: "x", count: 256))]
      )
      .status == 422)
    let unknown = harness.bapi(
      "POST", "/v1/machines", json: ["name": "x", "scoped_machines": ["mch_nope"]])
    #expect(unknown.status == 422)
    #expect(EmulatorHarness.errorCode(unknown) == "form_param_value_invalid")
    #expect(
      harness.bapi("POST", "/v1/machines", json: ["name": "x", "default_token_ttl": 315_360_001])
        .status == 422)
    #expect(harness.bapi("GET", "/v1/machines").status == 200)
    #expect(try EmulatorHarness.json(harness.bapi("GET", "/v1/machines"))["total_count"] == 0)
  }

  @Test("list: newest first, query by exact id or part of the name, order_by, limit and offset")
  func list() throws {
    let harness = try EmulatorHarness()
    var ids: [String] = []
    for name in ["beta", "alpha", "gamma-worker"] {
      ids.append(try harness.createMachine(name).id)
      harness.time.advance(1)
    }
    func names(_ query: String) throws -> [String] {
      let json = try EmulatorHarness.json(harness.bapi("GET", "/v1/machines" + query))
      return json["data"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }
    #expect(try names("") == ["gamma-worker", "alpha", "beta"])
    #expect(try names("?order_by=name") == ["alpha", "beta", "gamma-worker"])
    #expect(try names("?order_by=-name") == ["gamma-worker", "beta", "alpha"])
    #expect(try names("?order_by=created_at") == ["beta", "alpha", "gamma-worker"])
    #expect(try names("?query=WORK") == ["gamma-worker"])
    #expect(try names("?query=\(ids[1])") == ["alpha"])
    #expect(try names("?limit=1&offset=1") == ["alpha"])
    let page = try EmulatorHarness.json(harness.bapi("GET", "/v1/machines?limit=1"))
    #expect(page["total_count"] == 3)
    #expect(harness.bapi("GET", "/v1/machines?order_by=bogus").status == 422)
    #expect(harness.bapi("GET", "/v1/machines?limit=0").status == 422)
  }

  @Test("scopes: add (409 when it exists, 404 for an unknown machine), remove (404 when absent)")
  func scopes() throws {
    let harness = try EmulatorHarness()
    let api = try harness.createMachine("api")
    let ci = try harness.createMachine("ci")
    let added = harness.bapi(
      "POST", "/v1/machines/\(ci.id)/scopes", json: ["to_machine_id": .string(api.id)])
    #expect(added.status == 200)
    #expect(
      try EmulatorHarness.json(added) == [
        "object": "machine_scope", "from_machine_id": .string(ci.id),
        "to_machine_id": .string(api.id),
        "created_at": .int(Int64(harness.time.now.timeIntervalSince1970 * 1000)),
      ])
    let again = harness.bapi(
      "POST", "/v1/machines/\(ci.id)/scopes", json: ["to_machine_id": .string(api.id)])
    #expect(again.status == 409)
    #expect(EmulatorHarness.errorCode(again) == "conflict")
    #expect(
      harness.bapi("POST", "/v1/machines/\(ci.id)/scopes", json: ["to_machine_id": "mch_nope"])
        .status
        == 404)
    #expect(harness.bapi("POST", "/v1/machines/\(ci.id)/scopes", json: [:]).status == 422)
    #expect(
      harness.bapi("POST", "/v1/machines/mch_nope/scopes", json: ["to_machine_id": .string(api.id)])
        .status == 404)
    let machine = try EmulatorHarness.json(harness.bapi("GET", "/v1/machines/\(ci.id)"))
    #expect(machine["scoped_machines"]?.arrayValue?.map { $0["id"] } == [.string(api.id)])

    let removed = harness.bapi("DELETE", "/v1/machines/\(ci.id)/scopes/\(api.id)")
    #expect(
      try EmulatorHarness.json(removed) == [
        "object": "machine_scope", "from_machine_id": .string(ci.id),
        "to_machine_id": .string(api.id), "deleted": true,
      ])
    #expect(harness.bapi("DELETE", "/v1/machines/\(ci.id)/scopes/\(api.id)").status == 404)
  }

  @Test("rotation: a new secret, the old one valid for previous_token_ttl on the emulator's clock")
  func rotation() throws {
    let harness = try EmulatorHarness()
    let ci = try harness.createMachine("ci")
    let rotated = harness.bapi(
      "POST", "/v1/machines/\(ci.id)/secret_key/rotate", json: ["previous_token_ttl": 60])
    #expect(rotated.status == 200)
    let fresh = try #require(try EmulatorHarness.json(rotated)["secret"]?.stringValue)
    #expect(fresh != ci.secret && fresh.hasPrefix("ak_"))
    #expect(
      try EmulatorHarness.json(harness.bapi("GET", "/v1/machines/\(ci.id)/secret_key"))["secret"]
        == .string(fresh))
    // Both keys work during the grace period.
    _ = try harness.createM2MToken(secret: ci.secret)
    _ = try harness.createM2MToken(secret: fresh)
    harness.time.advance(59)
    _ = try harness.createM2MToken(secret: ci.secret)
    // Then only the new one; the test surface's clock counts too.
    harness.advanceClock(1)
    let refused = harness.m2m("POST", "/m2m_tokens", json: [:], secret: ci.secret)
    #expect(refused.status == 401)
    #expect(EmulatorHarness.errorCode(refused) == "authentication_invalid")
    _ = try harness.createM2MToken(secret: fresh)

    // 0 ends the old key at once.
    let again = harness.bapi(
      "POST", "/v1/machines/\(ci.id)/secret_key/rotate", json: ["previous_token_ttl": 0])
    let newest = try #require(try EmulatorHarness.json(again)["secret"]?.stringValue)
    #expect(harness.m2m("POST", "/m2m_tokens", json: [:], secret: fresh).status == 401)
    _ = try harness.createM2MToken(secret: newest)
    for body: JSONValue in [[:], ["previous_token_ttl": 28_801], ["previous_token_ttl": -1]] {
      #expect(
        harness.bapi("POST", "/v1/machines/\(ci.id)/secret_key/rotate", json: body).status == 422)
    }
  }

  @Test("machine endpoints take the instance secret key only")
  func authorization() throws {
    let harness = try EmulatorHarness()
    let ci = try harness.createMachine("ci")
    let withMachineKey = harness.bapi("GET", "/v1/machines", authorization: "Bearer " + ci.secret)
    #expect(withMachineKey.status == 401)
    #expect(EmulatorHarness.errorCode(withMachineKey) == "clerk_key_invalid")
    #expect(harness.bapi("GET", "/v1/machines", authorization: "").status == 401)
    #expect(
      harness.bapi("GET", "/v1/machines/\(ci.id)", authorization: "Bearer sk_test_wrong").status
        == 401)
    // Clerk's usual BAPI envelope here (with clerk_trace_id).
    #expect(try EmulatorHarness.json(withMachineKey)["clerk_trace_id"]?.stringValue != nil)
  }
}
