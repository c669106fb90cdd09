import ClerkctlCore
import ClerkctlJOSE
import ClerkctlKit

extension InstanceKeyCheck {
  /// The check made with ClerkctlJOSE: a JWKS document's RSA keys, and RS256 signatures
  /// under them.
  static let jose = InstanceKeyCheck(
    keys: { bytes in
      guard let jwks = try? JWKS(bytes: bytes), !jwks.keys.isEmpty else { return nil }
      return jwks.keys.map(\.json)
    },
    verifies: { jwt, keys in
      let parsed = keys.compactMap { try? JWK(json: $0) }
      guard !parsed.isEmpty else { return false }
      return (try? JWTVerifier(keys: JWKS(keys: parsed)).verifySignature(jwt)) != nil
    })
}
