internal import COpenSSL

/// An RSA public key (at least 2048 bits) that verifies RS256 signatures.
///
/// Owns an `EVP_PKEY*` and frees it in `deinit`. Immutable after `init`, so it can be shared
/// between threads; every verification uses its own `EVP_MD_CTX`.
package final class RSAPublicKey: @unchecked Sendable {
  let key: OpaquePointer
  /// The library `key` comes from (loaded: the key exists).
  private let crypto = CryptoLibrary.loaded
  /// The modulus `n`, big-endian, without leading zero bytes.
  package let modulus: [UInt8]
  /// The public exponent `e`, big-endian, without leading zero bytes (usually `01 00 01`).
  package let exponent: [UInt8]
  /// The size of the modulus in bits.
  package let bits: Int

  /// Builds a key from its big-endian modulus and exponent (the JWK `n` and `e`).
  ///
  /// - Throws: `CryptoError.keyTooSmall` under 2048 bits, `.invalidKeyComponent` for an empty
  ///   or zero component, `.openSSL` when OpenSSL refuses the numbers.
  package convenience init(modulus: [UInt8], exponent: [UInt8]) throws {
    let key = try OpenSSLRSA.build(
      selection: copenssl_evp_pkey_public_key(),
      [
        .init(name: copenssl_param_rsa_n(), label: "modulus", bytes: modulus),
        .init(name: copenssl_param_rsa_e(), label: "exponent", bytes: exponent),
      ])
    try self.init(adopting: key, what: "The modulus and exponent")
  }

  /// Loads a SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
  ///
  /// - Throws: `CryptoError.openSSL` for text that is not such a PEM, `.notRSA` for another key
  ///   type, `.keyTooSmall` under 2048 bits.
  package convenience init(pem: String) throws {
    // The password callback refuses, so an encrypted PEM fails instead of prompting on the
    // terminal (OpenSSL's default callback reads the TTY).
    let crypto = try CryptoLibrary.require()
    let key = try MemoryBIO.reading(pem) { bio in
      crypto.PEM_read_bio_PUBKEY(bio, nil, { _, _, _, _ in 0 }, nil)
    }
    guard let key else { throw CryptoError.failed("PEM_read_bio_PUBKEY") }
    try self.init(adopting: key, what: "The PEM public key")
  }

  /// Takes ownership of `key` (freed here if the checks fail).
  private init(adopting key: OpaquePointer, what: String) throws {
    do {
      try OpenSSLRSA.check(key, what: what)
      modulus = try OpenSSLRSA.component(of: key, name: copenssl_param_rsa_n(), label: "modulus")
      exponent = try OpenSSLRSA.component(
        of: key, name: copenssl_param_rsa_e(), label: "exponent")
    } catch {
      crypto.EVP_PKEY_free(key)
      throw error
    }
    self.key = key
    bits = Int(crypto.EVP_PKEY_get_bits(key))
  }

  deinit { crypto.EVP_PKEY_free(key) }

  /// The key as a SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
  package func pemRepresentation() throws -> String {
    try MemoryBIO.writing(operation: "PEM_write_bio_PUBKEY") {
      crypto.PEM_write_bio_PUBKEY($0, key)
    }
  }

  /// Whether `signature` is a valid RS256 (RSASSA-PKCS1-v1_5 with SHA-256) signature of
  /// `message` under this key.
  ///
  /// Never throws: a mismatch, a malformed signature or an OpenSSL failure are all `false`,
  /// and the OpenSSL error queue is cleared.
  package func verifyRS256(signature: [UInt8], message: [UInt8]) -> Bool {
    defer { crypto.ERR_clear_error() }
    guard let context = crypto.EVP_MD_CTX_new() else { return false }
    defer { crypto.EVP_MD_CTX_free(context) }
    guard crypto.EVP_DigestVerifyInit(context, nil, crypto.EVP_sha256(), nil, key) == 1 else {
      return false
    }
    let result = OpenSSLRSA.withBytes(signature) { signature, signatureCount in
      OpenSSLRSA.withBytes(message) { message, messageCount in
        crypto.EVP_DigestVerify(context, signature, signatureCount, message, messageCount)
      }
    }
    return result == 1
  }
}
