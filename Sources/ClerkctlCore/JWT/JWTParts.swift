/// The three base64url parts of a compact JWS, split but not yet decoded, so each can be
/// decoded only when its turn comes (header, then signature, then payload).
package struct JWTParts: Sendable {
  let encodedHeader: Substring
  let encodedPayload: Substring
  let encodedSignature: Substring

  /// Splits `token` on `.`; anything but exactly three parts is refused.
  package init(_ token: String) throws(JWTError) {
    // Split as bytes: splitting the String by Characters (grapheme breaking) was most of
    // decoding a client token on each emulator request.
    let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw .wrongPartCount(parts.count) }
    encodedHeader = Substring(parts[0])
    encodedPayload = Substring(parts[1])
    encodedSignature = Substring(parts[2])
  }

  /// The exact bytes the signature covers: `<header>.<payload>` as they appear in the token.
  package var signingInput: [UInt8] {
    Array(encodedHeader.utf8) + [UInt8(ascii: ".")] + Array(encodedPayload.utf8)
  }

  /// The decoded header, which must be a JSON object.
  package func header() throws(JWTError) -> JSONValue {
    try Self.object(encodedHeader, part: "header")
  }

  /// The decoded payload, which must be a JSON object.
  package func payload() throws(JWTError) -> JSONValue {
    try Self.object(encodedPayload, part: "payload")
  }

  /// The decoded signature bytes.
  package func signature() throws(JWTError) -> [UInt8] {
    guard let bytes = Base64URL.decode(String(encodedSignature)) else {
      throw .invalidBase64(part: "signature")
    }
    return bytes
  }

  private static func object(_ text: Substring, part: String) throws(JWTError) -> JSONValue {
    guard let bytes = Base64URL.decode(String(text)) else { throw .invalidBase64(part: part) }
    let value: JSONValue
    do {
      value = try JSONValue(parsing: bytes)
    } catch {
      throw .invalidJSON(part: part, reason: error.description)
    }
    guard case .object = value else { throw .notAnObject(part: part) }
    return value
  }
}
