import ClerkctlCore
import ClerkctlCrypto

/// Signs claims as RS256 compact JWTs with one RSA key.
package struct JWTSigner: Sendable {
  /// The signing key.
  package let key: RSAPrivateKey
  /// The key ID written to every token's header.
  package let kid: String

  /// A signer using `key`, naming it `kid` in token headers.
  package init(key: RSAPrivateKey, kid: String) {
    self.key = key
    self.kid = kid
  }

  /// The public JWK that verifies this signer's tokens.
  package var jwk: JWK { JWK(publicKey: key.publicKey, kid: kid) }

  /// A signed token carrying `claims`.
  ///
  /// The header is `{"alg":"RS256","kid":<kid>,"typ":"JWT"}` plus `extraHeader`; `alg` and
  /// `kid` always come from the signer, `typ` may be overridden. Header and claims are encoded
  /// compactly with sorted keys.
  ///
  /// - Throws: `JWTError.signingFailed` when `claims` is not an object or signing fails.
  package func sign(claims: JSONValue, extraHeader: [String: JSONValue] = [:]) throws -> String {
    guard case .object = claims else {
      throw JWTError.signingFailed("the claims must be a JSON object")
    }
    var header = extraHeader
    header["alg"] = "RS256"
    header["kid"] = .string(kid)
    if header["typ"] == nil { header["typ"] = "JWT" }
    let input =
      Base64URL.encode(JSONValue.object(header).encodedBytes) + "."
      + Base64URL.encode(claims.encodedBytes)
    let signature: [UInt8]
    do {
      signature = try key.signRS256(Array(input.utf8))
    } catch {
      throw JWTError.signingFailed("\(error)")
    }
    return input + "." + Base64URL.encode(signature)
  }
}
