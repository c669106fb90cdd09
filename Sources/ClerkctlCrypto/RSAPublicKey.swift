internal import COpenSSL

/// An RSA public key (at least 2048 bits) that verifies RS256 signatures.
///
/// Owns an OpenSSL `RSA*` and frees it in `deinit`. The key is built and used through the
/// RSA-level calls (`RSA_set0_key`, `RSA_verify` over a `SHA256_*` digest), deprecated since
/// OpenSSL 3.0 and exported by every libcrypto.so.3, rather than as an `EVP_PKEY`: the first
/// EVP key or digest of a process makes OpenSSL fetch from its provider and build the name map
/// of every algorithm it has, 3.8 M instructions where the verification itself takes 0.4 M. A
/// cold mint from a loopback instance verifies one token (`InstanceKeyCheck`), so that was a
/// sixth of its work. Immutable after `init`, so it can be shared between threads (`RSA_verify`
/// sets up its cached Montgomery context under OpenSSL's own lock).
package final class RSAPublicKey: @unchecked Sendable {
  /// The key, holding `modulus` and `exponent`.
  private let rsa: OpaquePointer
  /// The library `rsa` comes from (loaded: the key exists).
  private let crypto: CryptoLibrary
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
  package init(modulus: [UInt8], exponent: [UInt8]) throws {
    let crypto = try CryptoLibrary.require()
    let modulus = Array(modulus.drop { $0 == 0 })
    let exponent = Array(exponent.drop { $0 == 0 })
    guard let top = modulus.first else {
      throw CryptoError.invalidKeyComponent("the modulus is empty or zero")
    }
    guard !exponent.isEmpty else {
      throw CryptoError.invalidKeyComponent("the exponent is empty or zero")
    }
    let bits = modulus.count * 8 - top.leadingZeroBitCount
    guard bits >= CryptoError.minimumRSABits else {
      throw CryptoError.keyTooSmall(bits: bits, minimum: CryptoError.minimumRSABits)
    }
    guard let rsa = crypto.RSA_new() else { throw CryptoError.failed("RSA_new") }
    let n = Self.number(modulus, crypto)
    let e = Self.number(exponent, crypto)
    // RSA_set0_key takes both numbers; on failure they are still the caller's.
    guard let n, let e, crypto.RSA_set0_key(rsa, n, e, nil) == 1 else {
      if let n { crypto.BN_clear_free(n) }
      if let e { crypto.BN_clear_free(e) }
      crypto.RSA_free(rsa)
      throw CryptoError.failed("RSA_set0_key")
    }
    self.rsa = rsa
    self.crypto = crypto
    self.modulus = modulus
    self.exponent = exponent
    self.bits = bits
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
    defer { crypto.EVP_PKEY_free(key) }
    try OpenSSLRSA.check(key, what: "The PEM public key")
    try self.init(
      modulus: OpenSSLRSA.component(of: key, name: copenssl_param_rsa_n(), label: "modulus"),
      exponent: OpenSSLRSA.component(of: key, name: copenssl_param_rsa_e(), label: "exponent"))
  }

  deinit { crypto.RSA_free(rsa) }

  /// `bytes` (big-endian, not empty) as a new `BIGNUM`, or `nil`.
  private static func number(_ bytes: [UInt8], _ crypto: CryptoLibrary) -> OpaquePointer? {
    bytes.withUnsafeBufferPointer { crypto.BN_bin2bn($0.baseAddress, Int32($0.count), nil) }
  }

  /// The key as a SubjectPublicKeyInfo PEM (`-----BEGIN PUBLIC KEY-----`).
  package func pemRepresentation() throws -> String {
    let key = try OpenSSLRSA.build(
      selection: copenssl_evp_pkey_public_key(),
      [
        .init(name: copenssl_param_rsa_n(), label: "modulus", bytes: modulus),
        .init(name: copenssl_param_rsa_e(), label: "exponent", bytes: exponent),
      ])
    defer { crypto.EVP_PKEY_free(key) }
    return try MemoryBIO.writing(operation: "PEM_write_bio_PUBKEY") {
      crypto.PEM_write_bio_PUBKEY($0, key)
    }
  }

  /// Whether `signature` is a valid RS256 (RSASSA-PKCS1-v1_5 with SHA-256) signature of
  /// `message` under this key.
  ///
  /// `RSA_verify` decrypts the signature (which must be exactly the modulus's length), checks
  /// the PKCS #1 v1.5 padding and compares the whole DigestInfo with the one it encodes for
  /// the digest. Never throws: a mismatch, a malformed signature or an OpenSSL failure are all
  /// `false`, and the OpenSSL error queue is cleared.
  package func verifyRS256(signature: [UInt8], message: [UInt8]) -> Bool {
    defer { crypto.ERR_clear_error() }
    guard let length = UInt32(exactly: signature.count) else { return false }
    let digest = SHA256.hash(message)
    let result = OpenSSLRSA.withBytes(signature) { signature, _ in
      digest.withUnsafeBufferPointer { digest in
        crypto.RSA_verify(
          copenssl_nid_sha256(), digest.baseAddress, UInt32(digest.count), signature, length, rsa)
      }
    }
    return result == 1
  }
}
