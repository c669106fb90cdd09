import ClerkTestSupport
import Foundation
import Testing

@testable import ClerkctlCore
@testable import ClerkctlCrypto
@testable import ClerkctlJOSE

@Suite("JWK and JWKS")
struct JWKSTests {
  @Test("a JWK round-trips through JSON and rebuilds the same RSA key")
  func jwkRoundTrip() throws {
    let publicKey = try RFC7515Key.publicKey()
    let jwk = JWK(publicKey: publicKey, kid: "ins_1")
    #expect(
      jwk == JWK(kty: "RSA", kid: "ins_1", alg: "RS256", use: "sig", n: RFC7515Key.n, e: "AQAB"))
    #expect(
      jwk.json
        == [
          "kty": "RSA", "kid": "ins_1", "alg": "RS256", "use": "sig", "n": .string(RFC7515Key.n),
          "e": "AQAB",
        ])
    #expect(try JWK(json: jwk.json) == jwk)
    #expect(try jwk.rsaPublicKey().modulus == publicKey.modulus)
  }

  @Test("optional members stay absent")
  func optionalMembers() throws {
    let jwk = try JWK(json: ["kty": "RSA", "kid": "a", "n": "AQAB", "e": "AQAB"])
    #expect(jwk.alg == nil && jwk.use == nil)
    #expect(jwk.json.objectValue?.keys.sorted() == ["e", "kid", "kty", "n"])
  }

  static let malformed: [(JSONValue, String)] = [
    (JSONValue.array([]), "unusable key: a JWK must be a JSON object"),
    (["kid": "a", "n": "AQAB", "e": "AQAB"], "unusable key: JWK has no 'kty'"),
    (["kty": "EC", "kid": "a"], "unusable key: JWK has kty 'EC'; only RSA keys are supported"),
    (["kty": "RSA", "n": "AQAB", "e": "AQAB"], "unusable key: JWK has no 'kid'"),
    (["kty": "RSA", "kid": "a", "e": "AQAB"], "unusable key: JWK 'a' has no 'n' or 'e'"),
  ]

  @Test("malformed JWKs are refused with the reason", arguments: malformed)
  func malformedJWK(json: JSONValue, message: String) {
    #expect {
      try JWK(json: json)
    } throws: { error in
      (error as? JWTError)?.description == message
    }
  }

  @Test("keys that cannot become RSA keys are refused when converted")
  func unusableKeys() throws {
    #expect(throws: JWTError.invalidKey("JWK 'a' has an 'n' that is not base64url")) {
      try JWK(kid: "a", n: "AQAB=", e: "AQAB").rsaPublicKey()
    }
    #expect {
      try JWK(kid: "small", n: "AQAB", e: "AQAB").rsaPublicKey()
    } throws: { error in
      (error as? JWTError)?.description.contains("at least 2048") == true
    }
  }

  @Test("a JWKS document parses, skips non-RSA keys and finds keys by kid")
  func jwks() throws {
    let document = """
      {"keys":[
        {"kty":"EC","crv":"P-256","kid":"ec","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
         "y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"},
        {"kty":"RSA","kid":"ins_1","use":"sig","alg":"RS256","n":"\(RFC7515Key.n)","e":"AQAB"}
      ]}
      """
    let jwks = try JWKS(bytes: Array(document.utf8))
    #expect(jwks.keys.map(\.kid) == ["ins_1"])
    #expect(jwks.key(kid: "ins_1") == RFC7515Key.jwk(kid: "ins_1"))
    #expect(jwks.key(kid: "ec") == nil)
    #expect(try JWKS(json: jwks.json) == jwks)
  }

  @Test("documents that are not a JWKS are refused")
  func badJWKS() {
    #expect(throws: JWTError.invalidKey("the JWKS has no 'keys' array")) {
      try JWKS(json: ["keys": "none"])
    }
    #expect(throws: JWTError.self) { try JWKS(bytes: Array("<html>".utf8)) }
    #expect(throws: JWTError.invalidKey("JWK has no 'kid'")) {
      try JWKS(json: ["keys": [["kty": "RSA", "n": "AQAB", "e": "AQAB"]]])
    }
  }

  @Test("a verifier refuses tokens whose key is unusable or meant for another algorithm")
  func verifierKeyChecks() throws {
    let signer = JWTSigner(key: try RFC7515Key.privateKey(), kid: "k1")
    let token = try signer.sign(claims: ["sub": "x"])
    let options = JWTVerifier.Options(now: Date(timeIntervalSince1970: 0))
    var wrongAlg = signer.jwk
    wrongAlg.alg = "RS384"
    #expect(throws: JWTError.invalidKey("key 'k1' is for algorithm 'RS384', not RS256")) {
      try JWTVerifier(keys: JWKS(keys: [wrongAlg])).verify(token, options: options)
    }
    var encryption = signer.jwk
    encryption.use = "enc"
    #expect(throws: JWTError.invalidKey("key 'k1' has use 'enc', not 'sig'")) {
      try JWTVerifier(keys: JWKS(keys: [encryption])).verify(token, options: options)
    }
    let broken = JWK(kid: "k1", n: "AQAB", e: "AQAB")
    #expect(throws: JWTError.self) {
      try JWTVerifier(keys: JWKS(keys: [broken])).verify(token, options: options)
    }
  }
}
