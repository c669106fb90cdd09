import ClerkctlCore
import ClerkctlCrypto

/// An RSA public key as a JSON Web Key (RFC 7517), the form JWKS endpoints publish.
package struct JWK: Sendable, Equatable {
  /// The key type; always `RSA` here.
  package var kty: String
  /// The key ID tokens name in their `kid` header.
  package var kid: String
  /// The algorithm the key is for (`RS256`), when stated.
  package var alg: String?
  /// The intended use (`sig`), when stated.
  package var use: String?
  /// The modulus, base64url.
  package var n: String
  /// The public exponent, base64url.
  package var e: String

  /// A JWK from its fields.
  package init(
    kty: String = "RSA", kid: String, alg: String? = "RS256", use: String? = "sig",
    n: String, e: String
  ) {
    self.kty = kty
    self.kid = kid
    self.alg = alg
    self.use = use
    self.n = n
    self.e = e
  }

  /// The JWK of `publicKey`, for RS256 signatures (`alg` RS256, `use` sig).
  package init(publicKey: RSAPublicKey, kid: String) {
    self.init(
      kid: kid, n: Base64URL.encode(publicKey.modulus), e: Base64URL.encode(publicKey.exponent))
  }

  /// Reads an RSA JWK object. Members other than these six are ignored.
  ///
  /// - Throws: `JWTError.invalidKey` when it is not an object, `kty` is not `RSA`, or `kid`,
  ///   `n` or `e` is missing or not a string.
  package init(json: JSONValue) throws(JWTError) {
    guard case .object = json else { throw .invalidKey("a JWK must be a JSON object") }
    guard let kty = json["kty"]?.stringValue else { throw .invalidKey("JWK has no 'kty'") }
    guard kty == "RSA" else {
      throw .invalidKey("JWK has kty '\(kty)'; only RSA keys are supported")
    }
    guard let kid = json["kid"]?.stringValue else { throw .invalidKey("JWK has no 'kid'") }
    guard let n = json["n"]?.stringValue, let e = json["e"]?.stringValue else {
      throw .invalidKey("JWK '\(kid)' has no 'n' or 'e'")
    }
    self.init(
      kty: kty, kid: kid, alg: json["alg"]?.stringValue, use: json["use"]?.stringValue, n: n, e: e
    )
  }

  /// The JWK as a JSON object (optional members only when set).
  package var json: JSONValue {
    var members: [String: JSONValue] = [
      "kty": .string(kty), "kid": .string(kid), "n": .string(n), "e": .string(e),
    ]
    if let alg { members["alg"] = .string(alg) }
    if let use { members["use"] = .string(use) }
    return .object(members)
  }

  /// The key itself, ready to verify signatures.
  ///
  /// - Throws: `JWTError.invalidKey` when `n` or `e` is not base64url, or OpenSSL refuses the
  ///   key (under 2048 bits, for instance).
  package func rsaPublicKey() throws(JWTError) -> RSAPublicKey {
    guard let modulus = Base64URL.decode(n) else {
      throw .invalidKey("JWK '\(kid)' has an 'n' that is not base64url")
    }
    guard let exponent = Base64URL.decode(e) else {
      throw .invalidKey("JWK '\(kid)' has an 'e' that is not base64url")
    }
    do {
      return try RSAPublicKey(modulus: modulus, exponent: exponent)
    } catch {
      throw .invalidKey("JWK '\(kid)': \(error)")
    }
  }
}
