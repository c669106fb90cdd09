internal import COpenSSL
import ClerkctlCore

/// An RSA private key (at least 2048 bits) that signs RS256.
///
/// Owns an `EVP_PKEY*` and frees it in `deinit`. The key is immutable after `init`, so it can be
/// shared between threads: each signature takes an idle signing context of its own (held
/// under a lock only while taken or given back).
package final class RSAPrivateKey: @unchecked Sendable {
  let key: OpaquePointer
  /// The library `key` comes from (loaded: the key exists).
  private let crypto = CryptoLibrary.loaded
  /// The matching public key.
  package let publicKey: RSAPublicKey
  /// Signing contexts not in use, most recently returned last.
  private let idleContexts = Lock<[RSASigningContext]>([])
  /// How many idle contexts are kept (one per thread that signs at once, the emulator's
  /// workers); a burst beyond it makes contexts that are freed after their signature.
  static let maxIdleContexts = 16

  /// A new random key of `bits` bits (default 2048).
  ///
  /// - Throws: `CryptoError.keyTooSmall` under 2048 bits, `.openSSL` if generation fails.
  package static func generate(bits: Int = 2048) throws -> RSAPrivateKey {
    guard bits >= CryptoError.minimumRSABits else {
      throw CryptoError.keyTooSmall(bits: bits, minimum: CryptoError.minimumRSABits)
    }
    let crypto = try CryptoLibrary.require()
    guard let context = crypto.EVP_PKEY_CTX_new_from_name(nil, copenssl_name_rsa(), nil) else {
      throw CryptoError.failed("EVP_PKEY_CTX_new_from_name(RSA)")
    }
    defer { crypto.EVP_PKEY_CTX_free(context) }
    guard crypto.EVP_PKEY_keygen_init(context) == 1 else {
      throw CryptoError.failed("EVP_PKEY_keygen_init")
    }
    guard crypto.EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits)) == 1 else {
      throw CryptoError.failed("EVP_PKEY_CTX_set_rsa_keygen_bits")
    }
    var key: OpaquePointer? = nil
    guard crypto.EVP_PKEY_generate(context, &key) == 1, let key else {
      throw CryptoError.failed("EVP_PKEY_generate")
    }
    return try RSAPrivateKey(adopting: key, what: "The generated key")
  }

  /// Loads a private key PEM: PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`).
  /// Encrypted PEMs are refused (no password prompt).
  ///
  /// - Throws: `CryptoError.openSSL` for text that is not such a PEM, `.notRSA` for another key
  ///   type, `.keyTooSmall` under 2048 bits.
  package convenience init(pem: String) throws {
    // The password callback refuses, so an encrypted PEM fails instead of prompting on the
    // terminal (OpenSSL's default callback reads the TTY).
    let crypto = try CryptoLibrary.require()
    let key = try MemoryBIO.reading(pem) { bio in
      crypto.PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
    }
    guard let key else { throw CryptoError.failed("PEM_read_bio_PrivateKey") }
    try self.init(adopting: key, what: "The PEM private key")
  }

  /// Builds a key from its big-endian components (the JWK `n`, `e`, `d`, `p`, `q`, `dp`, `dq`,
  /// `qi`), via `OSSL_PARAM_BLD` and `EVP_PKEY_fromdata`.
  ///
  /// - Throws: `CryptoError.keyTooSmall` under 2048 bits, `.invalidKeyComponent` for an empty
  ///   component, `.openSSL` when OpenSSL refuses them.
  package convenience init(
    modulus: [UInt8], publicExponent: [UInt8], privateExponent: [UInt8],
    prime1: [UInt8], prime2: [UInt8], exponent1: [UInt8], exponent2: [UInt8],
    coefficient: [UInt8]
  ) throws {
    let key = try OpenSSLRSA.build(
      selection: copenssl_evp_pkey_keypair(),
      [
        .init(name: copenssl_param_rsa_n(), label: "modulus", bytes: modulus),
        .init(name: copenssl_param_rsa_e(), label: "public exponent", bytes: publicExponent),
        .init(name: copenssl_param_rsa_d(), label: "private exponent", bytes: privateExponent),
        .init(name: copenssl_param_rsa_factor1(), label: "first prime", bytes: prime1),
        .init(name: copenssl_param_rsa_factor2(), label: "second prime", bytes: prime2),
        .init(name: copenssl_param_rsa_exponent1(), label: "first exponent", bytes: exponent1),
        .init(name: copenssl_param_rsa_exponent2(), label: "second exponent", bytes: exponent2),
        .init(name: copenssl_param_rsa_coefficient1(), label: "coefficient", bytes: coefficient),
      ])
    try self.init(adopting: key, what: "The key components")
  }

  /// Takes ownership of `key` (freed here if the checks fail).
  private init(adopting key: OpaquePointer, what: String) throws {
    do {
      try OpenSSLRSA.check(key, what: what)
      publicKey = try RSAPublicKey(
        modulus: OpenSSLRSA.component(of: key, name: copenssl_param_rsa_n(), label: "modulus"),
        exponent: OpenSSLRSA.component(of: key, name: copenssl_param_rsa_e(), label: "exponent"))
    } catch {
      crypto.EVP_PKEY_free(key)
      throw error
    }
    self.key = key
  }

  deinit { crypto.EVP_PKEY_free(key) }

  /// The key as an unencrypted PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`).
  ///
  /// - Warning: The result is the secret key in clear text; store it with mode 0600.
  package func pemRepresentation() throws -> String {
    try MemoryBIO.writing(operation: "PEM_write_bio_PrivateKey") { bio in
      crypto.PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil)
    }
  }

  /// The RS256 signature (RSASSA-PKCS1-v1_5 with SHA-256) of `message`; deterministic.
  ///
  /// Signs with an idle ``RSASigningContext`` (a new one when every one is in use by another
  /// thread), so a busy signer pays the OpenSSL setup once per thread rather than once per
  /// signature.
  ///
  /// - Throws: `CryptoError.openSSL` if OpenSSL fails.
  package func signRS256(_ message: [UInt8]) throws -> [UInt8] {
    let context =
      try idleContexts.withLock { $0.popLast() } ?? RSASigningContext(key: key, crypto: crypto)
    // A context whose signature failed is dropped, not reused.
    let signature = try context.sign(message)
    idleContexts.withLock { idle in
      if idle.count < Self.maxIdleContexts { idle.append(context) }
    }
    return signature
  }
}
