import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkctlCore
@testable import ClerkctlCrypto
@testable import ClerkctlJOSE

@Suite("JWT signing and verification")
struct JWTVerifierTests {
  static let now: Int64 = 1_700_000_000
  static let date = Date(timeIntervalSince1970: Double(now))

  let signer: JWTSigner
  let verifier: JWTVerifier

  init() throws {
    signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "k1")
    verifier = JWTVerifier(keys: JWKS(keys: [signer.jwk]))
  }

  static func claims(_ extra: [String: JSONValue] = [:]) -> JSONValue {
    var members: [String: JSONValue] = [
      "sub": "user_1", "iss": "https://clerk.example.com", "aud": "convex",
      "iat": .int(now - 10), "nbf": .int(now - 10), "exp": .int(now + 60),
    ]
    for (key, value) in extra { members[key] = value }
    return .object(members)
  }

  static func options(
    leeway: Double = 0, issuer: String? = nil, audience: String? = nil
  ) -> JWTVerifier.Options {
    .init(leeway: leeway, issuer: issuer, audience: audience, now: date)
  }

  /// A token from raw parts, signed by `key` over exactly what is given.
  static func forge(
    header: String, payload: String, key: RSAPrivateKey? = nil, signature: [UInt8] = []
  ) throws -> String {
    let input = header + "." + payload
    let bytes = try key?.signRS256(Array(input.utf8)) ?? signature
    return input + "." + Base64URL.encode(bytes)
  }

  static func encode(_ value: JSONValue) -> String { Base64URL.encode(value.encodedBytes) }

  func expectRefusal(
    _ token: String, _ expected: JWTError, options: JWTVerifier.Options = options(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(throws: expected, sourceLocation: sourceLocation) {
      try verifier.verify(token, options: options)
    }
  }

  @Test("a signed token verifies and returns its claims; the header is RS256 with kid and typ")
  func roundTrip() throws {
    let claims = Self.claims()
    let token = try signer.sign(claims: claims, extraHeader: ["cty": "x", "alg": "none"])
    let payload = try verifier.verify(
      token,
      options: Self.options(issuer: "https://clerk.example.com", audience: "convex"))
    #expect(payload == claims)
    let decoded = try JWT(token)
    #expect(decoded.header == ["alg": "RS256", "kid": "k1", "typ": "JWT", "cty": "x"])
    #expect(decoded.algorithm == "RS256")
    #expect(decoded.keyID == "k1")
    #expect(decoded.payload == claims)
    #expect(
      decoded.signingInput == Array(token.split(separator: ".")[0...1].joined(separator: ".").utf8))
  }

  @Test("the RFC 7515 A.2 token verifies with its single key and no kid")
  func rfcToken() throws {
    let verifier = JWTVerifier(keys: JWKS(keys: [RFC7515Key.jwk()]))
    let payload = try verifier.verify(
      RFC7515Key.token,
      options: .init(now: Date(timeIntervalSince1970: 1_300_819_000)))
    #expect(payload["iss"] == "joe")
    #expect(payload["http://example.com/is_root"] == true)
    let decoded = try JWT(RFC7515Key.token)
    #expect(decoded.keyID == nil)
    #expect(decoded.signingInput == RFC7515Key.signingInput)
  }

  @Test("an expired token is refused, saying how long ago it expired")
  func expired() throws {
    let token = try signer.sign(claims: Self.claims(["exp": .int(Self.now - 90)]))
    expectRefusal(token, .expired(at: Double(Self.now - 90), secondsAgo: 90))
    #expect(
      JWTError.expired(at: Double(Self.now - 90), secondsAgo: 90).description
        == "token expired 1m 30s ago (exp 1699999910)")
    let atExpiry = try signer.sign(claims: Self.claims(["exp": .int(Self.now)]))
    expectRefusal(atExpiry, .expired(at: Double(Self.now), secondsAgo: 0))
  }

  @Test("leeway accepts a just-expired token, and no more")
  func leeway() throws {
    let token = try signer.sign(claims: Self.claims(["exp": .int(Self.now - 5)]))
    #expect(throws: Never.self) { try verifier.verify(token, options: Self.options(leeway: 10)) }
    expectRefusal(
      token, .expired(at: Double(Self.now - 5), secondsAgo: 5), options: Self.options(leeway: 5))
  }

  @Test("a token not valid yet, or issued in the future, is refused beyond the leeway")
  func notYetValid() throws {
    let early = try signer.sign(claims: Self.claims(["nbf": .int(Self.now + 30)]))
    expectRefusal(early, .notYetValid(at: Double(Self.now + 30), secondsAhead: 30))
    #expect(throws: Never.self) { try verifier.verify(early, options: Self.options(leeway: 30)) }

    let future = try signer.sign(claims: Self.claims(["iat": .int(Self.now + 120)]))
    expectRefusal(future, .issuedInFuture(at: Double(Self.now + 120), secondsAhead: 120))
    #expect(throws: Never.self) { try verifier.verify(future, options: Self.options(leeway: 120)) }
  }

  @Test("the issuer must match exactly when one is required")
  func issuer() throws {
    let token = try signer.sign(claims: Self.claims())
    expectRefusal(
      token, .wrongIssuer(expected: "https://other.example.com", got: "https://clerk.example.com"),
      options: Self.options(issuer: "https://other.example.com"))
    expectRefusal(
      token,
      .wrongIssuer(expected: "https://clerk.example.com/", got: "https://clerk.example.com"),
      options: Self.options(issuer: "https://clerk.example.com/"))
    let none = try signer.sign(claims: Self.claims().removing("iss"))
    expectRefusal(
      none, .wrongIssuer(expected: "https://a", got: nil),
      options: Self.options(issuer: "https://a"))
    #expect(
      JWTError.wrongIssuer(expected: "a", got: "b").description
        == "wrong issuer: expected 'a', got 'b'")
  }

  @Test("the audience may be a string or an array, and must contain the one required")
  func audience() throws {
    let single = try signer.sign(claims: Self.claims())
    expectRefusal(
      single, .wrongAudience(expected: "other", got: ["convex"]),
      options: Self.options(audience: "other"))

    let array = try signer.sign(claims: Self.claims(["aud": ["a", "convex"]]))
    #expect(throws: Never.self) {
      try verifier.verify(array, options: Self.options(audience: "convex"))
    }
    expectRefusal(
      array, .wrongAudience(expected: "b", got: ["a", "convex"]),
      options: Self.options(audience: "b"))

    let none = try signer.sign(claims: Self.claims().removing("aud"))
    expectRefusal(
      none, .wrongAudience(expected: "convex", got: []), options: Self.options(audience: "convex"))
  }

  @Test("a token signed by another key is refused, even when it names our kid")
  func anotherKey() throws {
    let other = JWTSigner(key: try RSAPrivateKey.generate(), kid: "k1")
    expectRefusal(try other.sign(claims: Self.claims()), .invalidSignature)
  }

  @Test("alg none is refused")
  func algNone() throws {
    let header = Self.encode(["alg": "none", "typ": "JWT"])
    let token = try Self.forge(header: header, payload: Self.encode(Self.claims()))
    expectRefusal(token, .unsupportedAlgorithm("none"))
    #expect(
      JWTError.unsupportedAlgorithm("none").description
        == "algorithm 'none' is not allowed; only RS256 is accepted")
  }

  @Test("an HS256 token keyed with the public key's bytes is refused (key confusion)")
  func hs256Confusion() throws {
    let header = Self.encode(["alg": "HS256", "kid": "k1", "typ": "JWT"])
    let payload = Self.encode(Self.claims())
    let input = Array((header + "." + payload).utf8)
    let secrets = [
      Array(signer.jwk.json.encoded.utf8), Array(try signer.key.publicKey.pemRepresentation().utf8),
      signer.key.publicKey.modulus,
    ]
    for secret in secrets {
      let token = try Self.forge(
        header: header, payload: payload, signature: HMAC.sha256(key: secret, message: input))
      expectRefusal(token, .unsupportedAlgorithm("HS256"))
    }
  }

  @Test(
    "every algorithm but RS256 is refused",
    arguments: [
      (JSONValue.string("HS384"), "HS384"), ("HS512", "HS512"), ("RS384", "RS384"),
      ("ES256", "ES256"), ("PS256", "PS256"), ("rs256", "rs256"), (256, "256"),
    ])
  func otherAlgorithms(alg: JSONValue, shown: String) throws {
    let header = Self.encode(["alg": alg, "kid": "k1"])
    let token = try Self.forge(
      header: header, payload: Self.encode(Self.claims()), key: signer.key)
    expectRefusal(token, .unsupportedAlgorithm(shown))
  }

  @Test("a header without alg is refused")
  func missingAlgorithm() throws {
    let token = try Self.forge(
      header: Self.encode(["kid": "k1"]), payload: Self.encode(Self.claims()), key: signer.key)
    expectRefusal(token, .unsupportedAlgorithm(nil))
  }

  @Test("an unknown kid is refused by name; a missing kid needs a one-key set")
  func keyIDs() throws {
    let unknown = JWTSigner(key: signer.key, kid: "rotated")
    expectRefusal(try unknown.sign(claims: Self.claims()), .unknownKeyID("rotated"))

    let header = Self.encode(["alg": "RS256"])
    let noKid = try Self.forge(
      header: header, payload: Self.encode(Self.claims()), key: signer.key)
    #expect(throws: Never.self) { try verifier.verify(noKid, options: Self.options()) }
    let twoKeys = JWTVerifier(keys: JWKS(keys: [signer.jwk, RFC7515Key.jwk(kid: "k2")]))
    #expect(throws: JWTError.missingKeyID(keyCount: 2)) {
      try twoKeys.verify(noKid, options: Self.options())
    }
  }

  @Test("a tampered payload is refused before any claim is read")
  func tamperedPayload() throws {
    let token = try signer.sign(claims: Self.claims())
    let parts = token.split(separator: ".")
    let forged = Self.encode(Self.claims(["sub": "user_admin"]))
    expectRefusal("\(parts[0]).\(forged).\(parts[2])", .invalidSignature)
    // Even an expired, wrongly addressed payload reports the signature first.
    let expired = Self.encode(Self.claims(["exp": 1, "aud": "x"]))
    expectRefusal(
      "\(parts[0]).\(expired).\(parts[2])", .invalidSignature,
      options: Self.options(audience: "convex"))
  }

  @Test(
    "tokens without exactly three parts are refused with the count",
    arguments: [
      ("garbage", 1), ("", 1), ("a.b", 2), ("a.b.c.d", 4), ("....", 5),
    ])
  func partCount(token: String, count: Int) {
    expectRefusal(token, .wrongPartCount(count))
    #expect(throws: JWTError.wrongPartCount(count)) { try JWT(token) }
  }

  @Test("bad base64url and bad JSON are refused naming the part")
  func malformedParts() throws {
    let header = Self.encode(["alg": "RS256", "kid": "k1"])
    let payload = Self.encode(Self.claims())
    expectRefusal("e30=.\(payload).AAAA", .invalidBase64(part: "header"))
    expectRefusal("\(header).\(payload).not*base64", .invalidBase64(part: "signature"))
    // A payload that is not base64url, or not JSON, but correctly signed as it stands.
    expectRefusal(
      try Self.forge(header: header, payload: "pay!load", key: signer.key),
      .invalidBase64(part: "payload"))
    let notJSON = Base64URL.encode(Array("{nope".utf8))
    let notJSONToken = try Self.forge(header: header, payload: notJSON, key: signer.key)
    #expect {
      try verifier.verify(notJSONToken, options: Self.options())
    } throws: { error in
      guard case JWTError.invalidJSON(part: "payload", _) = error else { return false }
      return true
    }
    expectRefusal(
      "\(Base64URL.encode(Array("[1]".utf8))).\(payload).AAAA", .notAnObject(part: "header"))
    #expect(throws: JWTError.invalidBase64(part: "payload")) { try JWT("\(header).@.AAAA") }
  }

  @Test("a registered time claim of the wrong type is refused")
  func claimTypes() throws {
    let token = try signer.sign(claims: Self.claims(["exp": "tomorrow"]))
    expectRefusal(
      token,
      .invalidClaim(
        name: "exp", reason: "expected seconds since the epoch, got \"tomorrow\""))
  }

  @Test("claims must be an object to be signed")
  func signNonObject() {
    #expect(throws: JWTError.signingFailed("the claims must be a JSON object")) {
      try signer.sign(claims: [1, 2])
    }
  }

  @Test("durations read naturally in messages")
  func durations() {
    #expect(JWTError.duration(0) == "0s")
    #expect(JWTError.duration(59.9) == "59s")
    #expect(JWTError.duration(3600) == "1h")
    #expect(JWTError.duration(3 * 86_400 + 4 * 3600 + 5) == "3d 4h")
  }
}

extension JSONValue {
  /// The object without `key`.
  fileprivate func removing(_ key: String) -> JSONValue {
    guard var members = objectValue else { return self }
    members[key] = nil
    return .object(members)
  }
}
