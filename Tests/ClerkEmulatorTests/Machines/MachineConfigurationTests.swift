import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore

@Suite("Configuration file: machines")
struct MachineConfigurationTests {
  static let secret = "ak_ci0123456789abcdef0123456789"
  static let apiID = "mch_api000000000000000000000001"

  @Test("machines with fixed ids and secrets, scopes by name or id, a short default TTL")
  func parses() throws {
    let text = """
      {"machines":[
         {"name":"api","id":"\(Self.apiID)"},
         {"name":"ci","secret_key":"\(Self.secret)","scoped_machines":["api"],
          "default_token_ttl":5},
         {"name":"batch","scoped_machines":["\(Self.apiID)","ci"]}]}
      """
    let configuration = try EmulatorConfiguration(json: Array(text.utf8))
    #expect(
      configuration.machines == [
        .init(name: "api", id: Self.apiID),
        .init(name: "ci", secretKey: Self.secret, scopedMachines: ["api"], defaultTokenTTL: 5),
        .init(name: "batch", scopedMachines: [Self.apiID, "ci"]),
      ])
    #expect(EmulatorConfiguration.seed.machines.isEmpty)

    let harness = try EmulatorHarness(configuration: configuration)
    let list = try EmulatorHarness.json(harness.bapi("GET", "/v1/machines?order_by=name"))
    let machines = list["data"]?.arrayValue ?? []
    #expect(machines.compactMap { $0["name"]?.stringValue } == ["api", "batch", "ci"])
    let ci = try #require(machines.first { $0["name"] == "ci" })
    let batch = try #require(machines.first { $0["name"] == "batch" })
    #expect(ci["scoped_machines"]?.arrayValue?.map { $0["id"] } == [.string(Self.apiID)])
    #expect(batch["scoped_machines"]?.arrayValue?.map { $0["name"] } == ["api", "ci"])
    // The fixed secret works at once, and the machine's tokens live 5 s.
    let token = try harness.createM2MToken(secret: Self.secret)
    #expect(token["subject"] == ci["id"])
    #expect(
      token["expiration"]?.intValue == Int64(harness.time.now.timeIntervalSince1970 * 1000) + 5000)
    let api = try #require(machines.first { $0["name"] == "api" })
    let apiSecret = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/machines/\(Self.apiID)/secret_key"))["secret"]?.stringValue
    #expect(apiSecret?.hasPrefix("ak_") == true)
    #expect(api["id"]?.stringValue == Self.apiID)
  }

  @Test("refused: missing or repeated names, bad ids, secrets, TTLs and unknown scopes")
  func refusals() {
    let cases: [(String, String)] = [
      (#"{"machines":[{}]}"#, "machines[0].name"),
      (#"{"machines":[{"name":"a"},{"name":"a"}]}"#, "used twice"),
      (#"{"machines":[{"name":"a","id":"mch_short"}]}"#, "machines[0].id"),
      (#"{"machines":[{"name":"a","secret_key":"sk_test_0123456789abcdef"}]}"#, "secret_key"),
      (#"{"machines":[{"name":"a","secret_key":"ak_short"}]}"#, "secret_key"),
      (#"{"machines":[{"name":"a","default_token_ttl":0}]}"#, "default_token_ttl"),
      (#"{"machines":[{"name":"a","scoped_machines":["b"]}]}"#, "b is not the name or id"),
      (#"{"machines":[{"name":"a","scoped_machines":"b"}]}"#, "scoped_machines"),
      (#"{"machines":{"name":"a"}}"#, "machines must be an array"),
    ]
    for (text, fragment) in cases {
      #expect(throws: EmulatorConfigurationError.self, "\(text)") {
        try EmulatorConfiguration(json: Array(text.utf8))
      }
      do {
        _ = try EmulatorConfiguration(json: Array(text.utf8))
      } catch {
        #expect(error.description.contains(fragment), "\(text): \(error)")
      }
    }
  }
}
