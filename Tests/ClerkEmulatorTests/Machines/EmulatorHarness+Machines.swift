import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

/// Machine helpers over the harness's Backend API calls.
extension EmulatorHarness {
  /// Creates a machine with the instance key; returns its id and its secret key.
  func createMachine(
    _ name: String, scopes: [String] = [], defaultTokenTTL: Int64? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (id: String, secret: String) {
    var body: [String: JSONValue] = [
      "name": .string(name), "scoped_machines": .array(scopes.map(JSONValue.string)),
    ]
    if let defaultTokenTTL { body["default_token_ttl"] = .int(defaultTokenTTL) }
    let reply = bapi("POST", "/v1/machines", json: .object(body))
    #expect(reply.status == 200, sourceLocation: sourceLocation)
    let json = try Self.json(reply)
    return (
      try #require(json["id"]?.stringValue, sourceLocation: sourceLocation),
      try #require(json["secret_key"]?.stringValue, sourceLocation: sourceLocation)
    )
  }

  /// An M2M token request authenticated by `secret` (a machine's, or the instance's).
  @discardableResult
  func m2m(
    _ method: String, _ path: String, json: JSONValue? = nil, secret: String
  ) -> HTTPResponse {
    bapi(method, path, json: json, authorization: "Bearer " + secret)
  }

  /// Creates an M2M token with a machine secret; returns the reply's JSON (status 201 expected).
  func createM2MToken(
    secret: String, _ body: JSONValue = [:], path: String = "/m2m_tokens",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> JSONValue {
    let reply = m2m("POST", path, json: body, secret: secret)
    #expect(
      reply.status == 201, "\(String(decoding: reply.body, as: UTF8.self))",
      sourceLocation: sourceLocation)
    return try Self.json(reply)
  }

  /// Moves the emulator's clock ahead through the test surface.
  func advanceClock(_ seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let reply = send(
      "POST", "/__emulator/clock", headers: ["Content-Type": "application/json"],
      body: JSONValue.object(["advance": .double(seconds)]).encodedBytes)
    #expect(reply.status == 200, sourceLocation: sourceLocation)
  }
}
