import ClerkctlCore

/// A JSON Web Key Set: the RSA keys an issuer signs with, looked up by `kid`.
package struct JWKS: Sendable, Equatable {
  /// The RSA keys, in document order.
  package var keys: [JWK]

  /// A set of `keys`.
  package init(keys: [JWK]) {
    self.keys = keys
  }

  /// Reads `{"keys": [...]}`. Keys of other types (`EC`, `oct`, …) are skipped, since only
  /// RS256 is accepted; a malformed RSA key is an error.
  ///
  /// - Throws: `JWTError.invalidKey` when there is no `keys` array or an RSA key is malformed.
  package init(json: JSONValue) throws(JWTError) {
    guard let entries = json["keys"]?.arrayValue else {
      throw .invalidKey("the JWKS has no 'keys' array")
    }
    var keys: [JWK] = []
    for entry in entries where entry["kty"]?.stringValue == "RSA" {
      keys.append(try JWK(json: entry))
    }
    self.init(keys: keys)
  }

  /// Reads a JWKS document from its bytes.
  ///
  /// - Throws: `JWTError.invalidKey` when the bytes are not JSON or not a valid JWKS.
  package init(bytes: [UInt8]) throws(JWTError) {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: bytes)
    } catch {
      throw .invalidKey("the JWKS is not valid JSON (\(error))")
    }
    try self.init(json: json)
  }

  /// The set as `{"keys": [...]}`.
  package var json: JSONValue { ["keys": .array(keys.map(\.json))] }

  /// The first key whose `kid` is `kid`.
  package func key(kid: String) -> JWK? {
    keys.first { $0.kid == kid }
  }
}
