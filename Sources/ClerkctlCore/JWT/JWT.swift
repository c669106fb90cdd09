/// A decoded but UNVERIFIED compact JWT: for reading claims you do not rely on (displaying a
/// token's expiry, choosing a key by `kid`).
///
/// - Warning: Nothing here is authenticated. Use `JWTVerifier` before trusting any claim.
package struct JWT: Sendable {
  /// The JOSE header (a JSON object).
  package let header: JSONValue
  /// The claims (a JSON object).
  package let payload: JSONValue
  /// The raw signature bytes.
  package let signature: [UInt8]
  /// The exact bytes the signature covers: `<header>.<payload>` as in the token.
  package let signingInput: [UInt8]

  /// Decodes `token` without verifying it.
  ///
  /// - Throws: `JWTError` when the token does not have exactly three parts, a part is not
  ///   base64url, or the header or payload is not a JSON object.
  package init(_ token: String) throws(JWTError) {
    let parts = try JWTParts(token)
    header = try parts.header()
    payload = try parts.payload()
    signature = try parts.signature()
    signingInput = parts.signingInput
  }

  /// The claims of `token` alone, decoded without verifying it and without decoding the header
  /// or the signature: for reading the expiry of a token Clerk just sent over TLS.
  ///
  /// - Throws: `JWTError` as ``init(_:)`` does for the parts it reads.
  package static func unverifiedPayload(of token: String) throws(JWTError) -> JSONValue {
    try JWTParts(token).payload()
  }

  /// The header's `alg`, when it is a string.
  package var algorithm: String? { header["alg"]?.stringValue }

  /// The header's `kid`, when it is a string.
  package var keyID: String? { header["kid"]?.stringValue }
}
