import ClerkctlCore

/// A PKCE pair (RFC 7636) with the S256 method: a verifier of 43 characters from 32 random
/// bytes, and its challenge `BASE64URL(SHA256(verifier))`.
package struct PKCE: Sendable, Equatable, CustomStringConvertible {
  /// The secret kept until the code is exchanged.
  package let verifier: String
  /// What the authorization request carries.
  package var challenge: String { Self.challenge(for: verifier) }
  /// The only method sent.
  package static let method = "S256"

  /// A new pair from the system CSPRNG.
  package init() throws(ClerkError) {
    verifier = Base64URL.encode(try SystemRandom.bytes(32))
  }

  /// A pair for a given verifier (tests, the RFC's example).
  package init(verifier: String) {
    self.verifier = verifier
  }

  /// `BASE64URL(SHA256(ASCII(verifier)))`.
  package static func challenge(for verifier: String) -> String {
    Base64URL.encode(SHA256Digest.hash(Array(verifier.utf8)))
  }

  package var description: String { "PKCE(S256, verifier: <redacted>)" }
}
