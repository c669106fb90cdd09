import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation
import Testing

@testable import ClerkEmulator

/// Session and template tokens over loopback HTTP: verified against the JWKS the emulator
/// serves, checked by its Convex-style API, and refused once the session is gone.
@Suite("Tokens over loopback HTTP")
struct LoopbackTokenTests {
  private let harness: EmulatorHarness

  init() throws { harness = try EmulatorHarness(overLoopback: true) }

  /// Mints a token over HTTP; returns the compact JWT.
  private func mint(_ session: String, token: String, template: String? = nil) throws -> String {
    let path = "/v1/client/sessions/\(session)/tokens" + (template.map { "/" + $0 } ?? "")
    let response = harness.fapi("POST", path, token: token)
    #expect(response.status == 200)
    let body = try EmulatorHarness.json(response)
    #expect(body["object"] == "token")
    return try #require(body["jwt"]?.stringValue)
  }

  private var options: JWTVerifier.Options {
    JWTVerifier.Options(leeway: 0, issuer: harness.baseURL, now: harness.time.now)
  }

  /// Calls a Convex function over HTTP with `authorization`.
  private func whoami(authorization: String?) throws -> HTTPResponse {
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    if let authorization { headers.add(name: "Authorization", value: authorization) }
    let body: JSONValue = ["path": "users:whoami", "args": [:], "format": "json"]
    return try harness.exchange("POST", "/api/query", headers: headers, body: body.encodedBytes)
  }

  @Test("JWKS over HTTP and through OIDC discovery verify session and template tokens")
  func verifyAgainstServedKeys() async throws {
    let (token, session) = try await harness.signIn()
    let sessionJWT = try mint(session, token: token)
    let templateJWT = try mint(session, token: token, template: "convex")

    let jwksResponse = try await harness.exchange("GET", "/.well-known/jwks.json")
    #expect(jwksResponse.status == 200)
    let served = try JWKS(bytes: jwksResponse.body)
    #expect(served.keys.map(\.kid) == [harness.emulator.instanceID])
    let discovered = try OIDCDiscovery(http: harness.http).jwks(issuer: harness.baseURL)
    #expect(discovered == served)
    #expect(
      try OIDCDiscovery(http: harness.http).jwksURL(issuer: harness.baseURL)
        == harness.baseURL + "/.well-known/jwks.json")

    for keys in [served, discovered] {
      let verifier = JWTVerifier(keys: keys)
      let claims = try verifier.verify(sessionJWT, options: options)
      #expect(claims["sid"]?.stringValue == session)
      #expect(claims["sub"]?.stringValue?.hasPrefix("user_") == true)
      #expect(claims["v"] == 2)
      #expect(claims["iss"]?.stringValue == harness.baseURL)
      let iat = try #require(claims["iat"]?.intValue)
      #expect(try #require(claims["exp"]?.intValue) - iat == 60)
      #expect(claims["aud"] == nil)

      var templateOptions = options
      templateOptions.audience = "convex"
      let template = try verifier.verify(templateJWT, options: templateOptions)
      #expect(template["aud"] == "convex")
      #expect(template["sub"] == claims["sub"])
      #expect(template["sid"] == nil)
      #expect(template["iss"]?.stringValue == harness.baseURL)
    }
    let header = try JWT(sessionJWT).header
    #expect(header["kid"]?.stringValue == harness.emulator.instanceID)
    #expect(header["typ"] == "JWT")
    #expect(header["alg"] == "RS256")
  }

  @Test("tokens verify only against the instance key, not another key under the same kid")
  func otherKeyRefuses() async throws {
    let (token, session) = try await harness.signIn()
    let jwt = try mint(session, token: token)
    let other = JWKS(keys: [RFC7515Key.jwk(kid: harness.emulator.instanceID)])
    // The harness signs with RFC 7515's key; flipping one bit of n gives a different key.
    var forgedKey = other.keys[0]
    var modulus = try #require(Base64URL.decode(forgedKey.n))
    modulus[modulus.count - 1] ^= 1
    forgedKey.n = Base64URL.encode(modulus)
    #expect(throws: JWTError.self) {
      try JWTVerifier(keys: JWKS(keys: [forgedKey])).verify(jwt, options: options)
    }
    #expect(try JWTVerifier(keys: other).verify(jwt, options: options)["sid"] != nil)
  }

  @Test("Convex accepts the convex template token and returns the identity")
  func convexAcceptsTemplate() async throws {
    let (token, session) = try await harness.signIn()
    let jwt = try mint(session, token: token, template: "convex")
    let response = try whoami(authorization: "Bearer " + jwt)
    #expect(response.status == 200)
    let body = try EmulatorHarness.json(response)
    let subject = try #require(try JWT(jwt).payload["sub"]?.stringValue)
    #expect(body["status"] == "success")
    #expect(body["value"]?["subject"]?.stringValue == subject)
    #expect(body["value"]?["issuer"]?.stringValue == harness.baseURL)
    #expect(body["value"]?["tokenIdentifier"]?.stringValue == harness.baseURL + "|" + subject)
    #expect(
      try EmulatorHarness.json(whoami(authorization: nil)) == ["status": "success", "value": nil])
  }

  @Test("Convex refuses a session token with 401 NoAuthProvider")
  func convexRefusesSessionToken() async throws {
    let (token, session) = try await harness.signIn()
    let response = try whoami(authorization: "Bearer " + mint(session, token: token))
    #expect(response.status == 401)
    #expect(try EmulatorHarness.json(response)["code"] == "NoAuthProvider")
  }

  @Test("Convex refuses a forged signature and an expired token with 401 Unauthenticated")
  func convexRefusesForgedAndExpired() async throws {
    let (token, session) = try await harness.signIn()
    let jwt = try mint(session, token: token, template: "convex")
    let parts = jwt.split(separator: ".").map(String.init)
    var signature = try #require(Base64URL.decode(parts[2]))
    signature[0] ^= 0x01
    let forged = parts[0] + "." + parts[1] + "." + Base64URL.encode(signature)
    let refused = try whoami(authorization: "Bearer " + forged)
    #expect(refused.status == 401)
    #expect(try EmulatorHarness.json(refused)["code"] == "Unauthenticated")

    // The same claims signed again with the instance key pass: only the signature was bad.
    let claims = try JWT(jwt).payload
    let resigned = try JWTSigner(
      key: RFC7515Key.privateKey(), kid: harness.emulator.instanceID
    ).sign(claims: claims)
    #expect(try whoami(authorization: "Bearer " + resigned).status == 200)

    // Convex has no exp leeway: at exp the token is refused.
    let exp = try #require(claims["exp"]?.intValue)
    harness.time.advance(Double(exp) - harness.time.now.timeIntervalSince1970)
    let expired = try whoami(authorization: "Bearer " + jwt)
    #expect(expired.status == 401)
    #expect(try EmulatorHarness.json(expired)["code"] == "Unauthenticated")
  }

  @Test("an unknown template is 404 resource_not_found")
  func unknownTemplate() async throws {
    let (token, session) = try await harness.signIn()
    let response = await harness.fapi(
      "POST", "/v1/client/sessions/\(session)/tokens/nope", token: token)
    #expect(response.status == 404)
    #expect(EmulatorHarness.errorCode(response) == "resource_not_found")
    #expect(
      try EmulatorHarness.json(response)["errors"]?.arrayValue?.first?["long_message"]
        == "No JWT template exists with name: nope")
  }

  @Test(
    "after remove, end or sign-out-all, minting is 404 resource_not_found",
    arguments: ["remove", "end", "all"])
  func signedOutSessionCannotMint(how: String) async throws {
    let (token, session) = try await harness.signIn()
    let response: HTTPResponse
    if how == "all" {
      response = await harness.fapi("DELETE", "/v1/client/sessions", token: token)
    } else {
      response = await harness.fapi("POST", "/v1/client/sessions/\(session)/\(how)", token: token)
    }
    #expect(response.status == 200)
    let body = try EmulatorHarness.json(response)
    #expect(body["client"]?["last_active_session_id"] == .null)
    let minted = await harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token)
    #expect(minted.status == 404)
    #expect(EmulatorHarness.errorCode(minted) == "resource_not_found")
    #expect(
      try EmulatorHarness.json(minted)["errors"]?.arrayValue?.first?["long_message"]?.stringValue
        == "No session was found with id \(session)")
  }

  @Test("DELETE /v1/client clears the client token; the old token then gets 401")
  func deleteClient() async throws {
    let (token, session) = try await harness.signIn()
    let deleted = await harness.fapi("DELETE", "/v1/client", token: token)
    #expect(deleted.status == 200)
    #expect(deleted.headers["Authorization"] == "")
    #expect(try EmulatorHarness.json(deleted)["client"] == .null)
    let minted = await harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token)
    #expect(minted.status == 401)
    #expect(EmulatorHarness.errorCode(minted) == "authentication_invalid")
  }

  @Test("a session revoked through the test surface can no longer mint")
  func revoked() async throws {
    let (token, session) = try await harness.signIn()
    let revoked = await harness.send(
      "POST", "/__emulator/sessions/\(session)/revoke",
      headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
    #expect(try EmulatorHarness.json(revoked)["status"] == "revoked")
    let minted = await harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token)
    #expect(minted.status == 404)
  }
}
