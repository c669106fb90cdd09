import ClerkctlCore
import ClerkctlCrypto
import FoundationEssentials

/// Verifies RS256 compact JWTs against a key set, in jwt-kit's order: header, algorithm, key,
/// signature over the exact bytes, and only then the payload and its claims.
package struct JWTVerifier: Sendable {
  /// What to require of the claims, and the time to check them at.
  package struct Options: Sendable {
    /// Seconds of clock skew tolerated for `exp`, `nbf` and `iat`.
    package var leeway: Double
    /// When set, `iss` must equal it exactly.
    package var issuer: String?
    /// When set, `aud` (a string or an array of strings) must contain it.
    package var audience: String?
    /// The time the claims are checked at (inject a clock's `now()`).
    package var now: Date

    /// Options checking at `now`.
    package init(
      leeway: Double = 0, issuer: String? = nil, audience: String? = nil, now: Date
    ) {
      self.leeway = leeway
      self.issuer = issuer
      self.audience = audience
      self.now = now
    }
  }

  /// The key set tokens are checked against.
  package let keys: JWKS
  /// Each JWK already converted to an OpenSSL key (or the reason it could not be).
  private let resolved: [(jwk: JWK, key: Result<RSAPublicKey, JWTError>)]

  /// A verifier for tokens signed by any key in `keys`. Unusable keys are reported only when
  /// a token names them.
  package init(keys: JWKS) {
    self.keys = keys
    resolved = keys.keys.map { jwk in
      (jwk, Result { () throws(JWTError) in try jwk.rsaPublicKey() })
    }
  }

  /// Verifies `token` and returns its payload.
  ///
  /// - Returns: The verified claims (a JSON object).
  /// - Throws: `JWTError`, naming the first check that failed.
  package func verify(_ token: String, options: Options) throws(JWTError) -> JSONValue {
    let payload = try verifySignature(token)
    try Self.checkClaims(payload, options: options)
    return payload
  }

  /// Verifies `token`'s RS256 signature under one of the keys, checking no claim.
  ///
  /// - Returns: The payload (a JSON object).
  /// - Throws: `JWTError`, naming the first check that failed.
  package func verifySignature(_ token: String) throws(JWTError) -> JSONValue {
    let parts = try JWTParts(token)
    let header = try parts.header()
    guard header["alg"]?.stringValue == "RS256" else {
      throw .unsupportedAlgorithm(header["alg"].map { $0.stringValue ?? $0.encoded })
    }
    let key = try selectKey(header: header)
    let signature = try parts.signature()
    guard key.verifyRS256(signature: signature, message: parts.signingInput) else {
      throw .invalidSignature
    }
    return try parts.payload()
  }

  private func selectKey(header: JSONValue) throws(JWTError) -> RSAPublicKey {
    let entry: (jwk: JWK, key: Result<RSAPublicKey, JWTError>)
    if let kidValue = header["kid"] {
      let kid = kidValue.stringValue ?? kidValue.encoded
      guard let found = resolved.first(where: { $0.jwk.kid == kid }) else {
        throw .unknownKeyID(kid)
      }
      entry = found
    } else {
      guard resolved.count == 1, let only = resolved.first else {
        throw .missingKeyID(keyCount: resolved.count)
      }
      entry = only
    }
    if let alg = entry.jwk.alg, alg != "RS256" {
      throw .invalidKey("key '\(entry.jwk.kid)' is for algorithm '\(alg)', not RS256")
    }
    if let use = entry.jwk.use, use != "sig" {
      throw .invalidKey("key '\(entry.jwk.kid)' has use '\(use)', not 'sig'")
    }
    return try entry.key.get()
  }
}
