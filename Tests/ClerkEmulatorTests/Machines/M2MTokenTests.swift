import ClerkTestSupport
import ClerkctlCore
import ClerkctlJOSE
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlHTTP

@Suite("Backend API: M2M tokens")
struct M2MTokenTests {
  /// An emulator with `api` and `ci`, where `ci` may call `api`.
  private func network() throws -> (
    harness: EmulatorHarness, api: (id: String, secret: String), ci: (id: String, secret: String)
  ) {
    let harness = try EmulatorHarness()
    let api = try harness.createMachine("api")
    let ci = try harness.createMachine("ci", scopes: [api.id], defaultTokenTTL: 600)
    return (harness, api, ci)
  }

  private var nowMilliseconds: (EmulatorHarness) -> Int64 {
    { Int64($0.time.now.timeIntervalSince1970 * 1000) }
  }

  @Test("an opaque token by default: 201, mt_ id and token, scopes, times in milliseconds")
  func opaque() throws {
    let (harness, api, ci) = try network()
    let now = nowMilliseconds(harness)
    for path in ["/m2m_tokens", "/v1/m2m_tokens"] {
      let token = try harness.createM2MToken(
        secret: ci.secret, ["claims": ["role": "deployer"]], path: path)
      let id = try #require(token["id"]?.stringValue)
      #expect(id.hasPrefix("mt_") && id.count == 35)
      #expect(id.dropFirst(3).allSatisfy { $0.isHexDigit })
      let secret = try #require(token["token"]?.stringValue)
      #expect(secret.hasPrefix("mt_") && secret != id)
      #expect(token["object"] == "machine_to_machine_token")
      #expect(token["subject"]?.stringValue == ci.id)
      #expect(token["scopes"] == [.string(api.id)])
      #expect(token["claims"] == ["role": "deployer"])
      #expect(token["revoked"] == false && token["expired"] == false)
      #expect(token["revocation_reason"] == .null && token["last_used_at"] == .null)
      #expect(token["created_at"]?.intValue == now)
      // No seconds_until_expiration: the machine's default_token_ttl (600 s).
      #expect(token["expiration"]?.intValue == now + 600_000)
    }
    let short = try harness.createM2MToken(secret: ci.secret, ["seconds_until_expiration": 5])
    #expect(short["expiration"]?.intValue == now + 5_000)
    #expect(short["claims"] == .null)
  }

  @Test("a JWT: cat header, sub, jti, iss, iat/nbf/exp, custom claims merged, instance key")
  func jwt() throws {
    let (harness, api, ci) = try network()
    let token = try harness.createM2MToken(
      secret: ci.secret,
      [
        "token_format": "jwt", "seconds_until_expiration": 300,
        "claims": ["aud": "convex", "x": [1]],
      ])
    let jwt = try JWT(try #require(token["token"]?.stringValue))
    #expect(jwt.header["cat"] == "cl_B7d4PD333AAA")
    #expect(jwt.header["typ"] == "JWT")
    #expect(jwt.keyID == harness.emulator.instanceID)
    let iat = Int64(harness.time.now.timeIntervalSince1970)
    #expect(
      jwt.payload == [
        "iss": .string(EmulatorHarness.base), "sub": .string(ci.id), "jti": token["id"] ?? .null,
        "iat": .int(iat), "nbf": .int(iat - 10), "exp": .int(iat + 300), "aud": "convex",
        "x": [1],
      ])
    #expect(token["scopes"] == [.string(api.id)])
    #expect(token["claims"] == ["aud": "convex", "x": [1]])
    // Signed by the instance key: it verifies through the instance's JWKS.
    let jwks = try JWKS(json: EmulatorHarness.json(harness.send("GET", "/.well-known/jwks.json")))
    let verified = try JWTVerifier(keys: jwks).verify(
      try #require(token["token"]?.stringValue),
      options: .init(issuer: EmulatorHarness.base, audience: "convex", now: harness.time.now))
    #expect(verified["sub"]?.stringValue == ci.id)
    // Not stored: not listed, not revocable, not verifiable by the Backend API.
    let listed = try EmulatorHarness.json(
      harness.m2m("GET", "/m2m_tokens?subject=\(ci.id)", secret: ci.secret))
    #expect(listed["total_count"] == 0)
    let id = try #require(token["id"]?.stringValue)
    #expect(
      harness.m2m("POST", "/m2m_tokens/\(id)/revoke", json: [:], secret: ci.secret).status == 404)
  }

  @Test("create needs a machine secret: the instance key is 403, none or a bad one 401")
  func createAuthorization() throws {
    let (harness, _, _) = try network()
    let instance = harness.bapi("POST", "/m2m_tokens", json: [:])
    #expect(instance.status == 403)
    let body = try EmulatorHarness.json(instance)
    #expect(body["errors"]?.arrayValue?.first?["code"] == "authorization_invalid")
    // The M2M endpoints' documented error shape: no meta, no clerk_trace_id.
    #expect(body["clerk_trace_id"] == nil)
    #expect(body["errors"]?.arrayValue?.first?["meta"] == nil)
    #expect(harness.bapi("POST", "/m2m_tokens", json: [:], authorization: "").status == 401)
    let unknown = harness.m2m(
      "POST", "/m2m_tokens", json: [:], secret: "ak_" + String(repeating: "0", count: 32))
    #expect(unknown.status == 401)
    #expect(EmulatorHarness.errorCode(unknown) == "authentication_invalid")
  }

  @Test("refused bodies: unknown key, bad format, bad lifetime, claims, reserved claims")
  func createRefusals() throws {
    let (harness, _, ci) = try network()
    let bodies: [(JSONValue, String)] = [
      (["ttl": 5], "bad_request"),
      (["token_format": "paseto"], "bad_request"),
      (["seconds_until_expiration": 0], "bad_request"),
      (["seconds_until_expiration": "60"], "bad_request"),
      (["claims": ["a", "b"]], "bad_request"),
      (["claims": ["sub": "someone"]], "machine_token_reserved_claim"),
      (["token_format": "jwt", "claims": ["exp": 1]], "machine_token_reserved_claim"),
      (["min_remaining_ttl_seconds": -1], "bad_request"),
      (["min_remaining_ttl_seconds": 1.5], "bad_request"),
    ]
    for (body, code) in bodies {
      let reply = harness.m2m("POST", "/m2m_tokens", json: body, secret: ci.secret)
      #expect(reply.status == 400, "\(body.encoded)")
      #expect(EmulatorHarness.errorCode(reply) == code, "\(body.encoded)")
    }
    let notJSON = harness.send(
      "POST", "/m2m_tokens",
      headers: ["Authorization": "Bearer " + ci.secret, "Content-Type": "application/json"],
      body: Array("[1]".utf8))
    #expect(notJSON.status == 400)
  }

  @Test("min_remaining_ttl_seconds reuses a live opaque token with the same claims and scopes")
  func serverSideReuse() throws {
    let (harness, api, ci) = try network()
    let body: JSONValue = ["seconds_until_expiration": 60, "min_remaining_ttl_seconds": 30]
    let first = try harness.createM2MToken(secret: ci.secret, body)
    harness.time.advance(20)
    let reused = try harness.createM2MToken(secret: ci.secret, body)
    #expect(reused["id"] == first["id"])
    #expect(reused["token"] == first["token"])
    // Other claims: a new one.
    var withClaims = body.objectValue ?? [:]
    withClaims["claims"] = ["aud": "x"]
    let other = try harness.createM2MToken(secret: ci.secret, .object(withClaims))
    #expect(other["id"] != first["id"])
    // Left with less than the minimum: a new one.
    harness.time.advance(11)
    let renewed = try harness.createM2MToken(secret: ci.secret, body)
    #expect(renewed["id"] != first["id"])
    // Without the field, never reused.
    let plain = try harness.createM2MToken(secret: ci.secret, ["seconds_until_expiration": 60])
    #expect(plain["id"] != renewed["id"])
    // A scope change: tokens made before it are not reused.
    #expect(harness.bapi("DELETE", "/v1/machines/\(ci.id)/scopes/\(api.id)").status == 200)
    let rescoped = try harness.createM2MToken(secret: ci.secret, body)
    #expect(rescoped["id"] != renewed["id"])
    #expect(rescoped["scopes"] == [])
    // A revoked token is not reused.
    let id = try #require(rescoped["id"]?.stringValue)
    #expect(
      harness.m2m("POST", "/m2m_tokens/\(id)/revoke", json: [:], secret: ci.secret).status == 200)
    #expect(try harness.createM2MToken(secret: ci.secret, body)["id"] != rescoped["id"])
    // JWTs are never deduplicated.
    let jwtBody: JSONValue = [
      "token_format": "jwt", "seconds_until_expiration": 60, "min_remaining_ttl_seconds": 30,
    ]
    let jwtA = try harness.createM2MToken(secret: ci.secret, jwtBody)
    let jwtB = try harness.createM2MToken(secret: ci.secret, jwtBody)
    #expect(jwtA["id"] != jwtB["id"])
  }

  @Test("min_remaining_ttl_seconds at or above the lifetime is 400 (explicit or the default TTL)")
  func reuseBound() throws {
    let (harness, _, ci) = try network()
    for body: JSONValue in [
      ["seconds_until_expiration": 60, "min_remaining_ttl_seconds": 60],
      ["seconds_until_expiration": 60, "min_remaining_ttl_seconds": 61],
      ["min_remaining_ttl_seconds": 600],  // ci's default_token_ttl
      ["token_format": "jwt", "seconds_until_expiration": 5, "min_remaining_ttl_seconds": 5],
    ] {
      let reply = harness.m2m("POST", "/m2m_tokens", json: body, secret: ci.secret)
      #expect(reply.status == 400, "\(body.encoded)")
      let message = try EmulatorHarness.json(reply)["errors"]?.arrayValue?.first?["long_message"]
      #expect(message?.stringValue?.contains("min_remaining_ttl_seconds") == true)
    }
    _ = try harness.createM2MToken(secret: ci.secret, ["min_remaining_ttl_seconds": 599])
  }

  @Test("48 concurrent creations with min_remaining_ttl_seconds make one token")
  func concurrentReuse() throws {
    let (harness, _, ci) = try network()
    let ids = Lock<Set<String>>([])
    let body: JSONValue = ["seconds_until_expiration": 60, "min_remaining_ttl_seconds": 30]
    DispatchQueue.concurrentPerform(iterations: 48) { _ in
      let reply = harness.m2m("POST", "/m2m_tokens", json: body, secret: ci.secret)
      let id = (try? EmulatorHarness.json(reply))?["id"]?.stringValue ?? "status \(reply.status)"
      ids.withLock { _ = $0.insert(id) }
    }
    #expect(ids.withLock { $0.count } == 1)
    let listed = try EmulatorHarness.json(
      harness.m2m("GET", "/m2m_tokens?subject=\(ci.id)", secret: ci.secret))
    #expect(listed["total_count"] == 1)
  }

  @Test("list: opaque tokens without their token, newest first, filters, paging, permissions")
  func list() throws {
    let (harness, api, ci) = try network()
    var ids: [String] = []
    for seconds: Int64 in [10, 100, 1000] {
      let token = try harness.createM2MToken(
        secret: ci.secret, ["seconds_until_expiration": .int(seconds)])
      ids.append(try #require(token["id"]?.stringValue))
      harness.time.advance(1)
    }
    _ = try harness.createM2MToken(secret: ci.secret, ["token_format": "jwt"])
    #expect(
      harness.m2m(
        "POST", "/m2m_tokens/\(ids[1])/revoke", json: ["revocation_reason": "leaked"],
        secret: ci.secret
      )
      .status == 200)
    harness.time.advance(10)  // the first has expired
    func listed(_ query: String, secret: String? = nil) throws -> [String] {
      let reply = harness.m2m(
        "GET", "/m2m_tokens?subject=\(ci.id)" + query, secret: secret ?? ci.secret)
      #expect(reply.status == 200)
      let json = try EmulatorHarness.json(reply)
      for token in json["m2m_tokens"]?.arrayValue ?? [] { #expect(token["token"] == nil) }
      return json["m2m_tokens"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }
    #expect(try listed("") == [ids[2]])
    #expect(try listed("&revoked=true") == [ids[2], ids[1]])
    #expect(try listed("&expired=true") == [ids[2], ids[0]])
    #expect(try listed("&revoked=true&expired=true") == [ids[2], ids[1], ids[0]])
    #expect(try listed("&revoked=true&expired=true&limit=1&offset=1") == [ids[1]])
    // The instance key lists any machine's; a machine only its own.
    #expect(try listed("", secret: harness.emulator.secretKey) == [ids[2]])
    let foreign = harness.m2m("GET", "/m2m_tokens?subject=\(ci.id)", secret: api.secret)
    #expect(foreign.status == 403)
    for query in [
      "", "?subject=nope", "?subject=\(ci.id)&limit=101", "?subject=\(ci.id)&revoked=maybe",
    ] {
      #expect(
        harness.m2m("GET", "/m2m_tokens" + query, secret: ci.secret).status == 400, "\(query)")
    }
    #expect(
      harness.bapi("GET", "/m2m_tokens?subject=mch_" + String(repeating: "x", count: 27)).status
        == 404)
    let revoked = try EmulatorHarness.json(
      harness.m2m("GET", "/m2m_tokens?subject=\(ci.id)&revoked=true", secret: ci.secret))
    let entry = revoked["m2m_tokens"]?.arrayValue?.first { $0["id"] == .string(ids[1]) }
    #expect(entry?["revoked"] == true && entry?["revocation_reason"] == "leaked")
  }

  @Test("revoke: by its machine or the instance key; another machine's is 404; idempotent")
  func revoke() throws {
    let (harness, api, ci) = try network()
    let token = try harness.createM2MToken(secret: ci.secret)
    let id = try #require(token["id"]?.stringValue)
    #expect(
      harness.m2m("POST", "/m2m_tokens/\(id)/revoke", json: [:], secret: api.secret).status == 404)
    let revoked = harness.bapi(
      "POST", "/v1/m2m_tokens/\(id)/revoke", json: ["revocation_reason": .null])
    #expect(revoked.status == 200)
    let json = try EmulatorHarness.json(revoked)
    #expect(json["revoked"] == true && json["token"] == nil)
    #expect(
      harness.m2m(
        "POST", "/m2m_tokens/\(id)/revoke", json: ["revocation_reason": "again"], secret: ci.secret
      )
      .status == 200)
    #expect(
      harness.m2m("POST", "/m2m_tokens/\(id)/revoke", json: ["why": "x"], secret: ci.secret).status
        == 400)
    #expect(
      harness.m2m(
        "POST", "/m2m_tokens/mt_\(String(repeating: "0", count: 32))/revoke", json: [:],
        secret: ci.secret
      )
      .status == 404)
  }

  @Test("verify: a machine secret must be in the token's scopes; the instance key verifies any")
  func verify() throws {
    let (harness, api, ci) = try network()
    let other = try harness.createMachine("other")
    let token = try harness.createM2MToken(secret: ci.secret, ["claims": ["k": "v"]])
    let secret = try #require(token["token"]?.stringValue)
    harness.time.advance(2)
    for path in ["/m2m_tokens/verify", "/v1/m2m_tokens/verify"] {
      let verified = harness.m2m("POST", path, json: ["token": .string(secret)], secret: api.secret)
      #expect(verified.status == 200)
      let json = try EmulatorHarness.json(verified)
      #expect(json["id"] == token["id"] && json["subject"] == .string(ci.id))
      #expect(json["token"] == nil)
      #expect(json["claims"] == ["k": "v"])
      #expect(json["last_used_at"]?.intValue == nowMilliseconds(harness))
    }
    // Python's helper sends {"secret": …}.
    #expect(
      harness.m2m(
        "POST", "/m2m_tokens/verify", json: ["secret": .string(secret)], secret: api.secret
      ).status == 200)
    #expect(
      harness.bapi("POST", "/m2m_tokens/verify", json: ["token": .string(secret)]).status == 200)
    // Not in the token's scopes: neither another machine nor the token's own.
    for refused in [other.secret, ci.secret] {
      let reply = harness.m2m(
        "POST", "/m2m_tokens/verify", json: ["token": .string(secret)], secret: refused)
      #expect(reply.status == 404)
    }
    #expect(harness.bapi("POST", "/m2m_tokens/verify", json: ["token": "mt_nope"]).status == 404)
    #expect(harness.bapi("POST", "/m2m_tokens/verify", json: [:]).status == 400)
    #expect(
      harness.bapi("POST", "/m2m_tokens/verify", json: ["token": "x", "extra": 1]).status == 400)
    // A scope added later does not apply to this token.
    #expect(
      harness.bapi(
        "POST", "/v1/machines/\(ci.id)/scopes", json: ["to_machine_id": .string(other.id)]
      )
      .status == 200)
    #expect(
      harness.m2m(
        "POST", "/m2m_tokens/verify", json: ["token": .string(secret)], secret: other.secret
      ).status == 404)
  }

  @Test("verify refuses revoked and expired tokens, and the tokens of a deleted machine")
  func verifyRefusals() throws {
    let (harness, api, ci) = try network()
    let revoked = try harness.createM2MToken(secret: ci.secret)
    let revokedID = try #require(revoked["id"]?.stringValue)
    #expect(harness.bapi("POST", "/m2m_tokens/\(revokedID)/revoke", json: [:]).status == 200)
    let short = try harness.createM2MToken(secret: ci.secret, ["seconds_until_expiration": 5])
    let live = try harness.createM2MToken(secret: ci.secret)
    func verify(_ token: JSONValue) -> Int {
      harness.m2m(
        "POST", "/m2m_tokens/verify", json: ["token": token["token"] ?? .null], secret: api.secret
      ).status
    }
    #expect(verify(revoked) == 404)
    #expect(verify(short) == 200)
    harness.advanceClock(5)
    #expect(verify(short) == 404)
    #expect(verify(live) == 200)
    #expect(harness.bapi("DELETE", "/v1/machines/\(ci.id)").status == 200)
    #expect(verify(live) == 404)
  }

  @Test("times are milliseconds and follow the emulator's clock, including the test surface's")
  func clock() throws {
    let (harness, _, ci) = try network()
    harness.advanceClock(3600)
    let token = try harness.createM2MToken(secret: ci.secret)
    #expect(token["created_at"]?.intValue == nowMilliseconds(harness) + 3_600_000)
    let refused = harness.send(
      "POST", "/__emulator/clock", headers: ["Content-Type": "application/json"],
      body: JSONValue.object(["advance": -1]).encodedBytes)
    #expect(refused.status == 422)
  }
}
