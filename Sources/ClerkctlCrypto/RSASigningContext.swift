internal import COpenSSL

/// RS256 signing state set up once and used for many signatures, by one thread at a time.
///
/// `EVP_DigestSignInit` per signature fetches the signature and digest implementations and
/// builds a fresh key context each time; under load that setup costs a good part of what the
/// RSA operation itself does. This keeps an `EVP_PKEY_CTX` ready for `EVP_PKEY_sign`
/// (PKCS #1 v1.5 padding, SHA-256 DigestInfo; the digest itself by ``SHA256``), so a signature
/// is one digest and one private-key operation, the way `openssl speed` measures it.
///
/// Owns its own copy of the key (`EVP_PKEY_dup`): RSA blinding state lives in the key, and a
/// key shared by several contexts would make their signatures take turns on its lock. Not
/// thread-safe: ``RSAPrivateKey`` hands each context to one signer at a time.
final class RSASigningContext {
  private let crypto: CryptoLibrary
  private let key: OpaquePointer
  private let context: OpaquePointer
  private let sha256: OpaquePointer

  /// A context signing with a copy of `key`.
  ///
  /// - Throws: `CryptoError.openSSL` naming the OpenSSL call that failed.
  init(key original: OpaquePointer, crypto: CryptoLibrary) throws(CryptoError) {
    self.crypto = crypto
    guard let sha256 = crypto.EVP_MD_fetch(nil, copenssl_name_sha256(), nil) else {
      throw CryptoError.failed("EVP_MD_fetch(SHA256)")
    }
    guard let key = crypto.EVP_PKEY_dup(original) else {
      crypto.EVP_MD_free(sha256)
      throw CryptoError.failed("EVP_PKEY_dup")
    }
    guard let context = crypto.EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
      crypto.EVP_PKEY_free(key)
      crypto.EVP_MD_free(sha256)
      throw CryptoError.failed("EVP_PKEY_CTX_new_from_pkey")
    }
    self.sha256 = sha256
    self.key = key
    self.context = context
    guard crypto.EVP_PKEY_sign_init(context) == 1 else {
      throw CryptoError.failed("EVP_PKEY_sign_init")
    }
    guard crypto.EVP_PKEY_CTX_set_rsa_padding(context, copenssl_rsa_pkcs1_padding()) == 1 else {
      throw CryptoError.failed("EVP_PKEY_CTX_set_rsa_padding")
    }
    guard crypto.EVP_PKEY_CTX_set_signature_md(context, sha256) == 1 else {
      throw CryptoError.failed("EVP_PKEY_CTX_set_signature_md")
    }
  }

  deinit {
    crypto.EVP_PKEY_CTX_free(context)
    crypto.EVP_PKEY_free(key)
    crypto.EVP_MD_free(sha256)
  }

  /// The RS256 signature of `message`.
  ///
  /// - Throws: `CryptoError.openSSL` if OpenSSL fails (the context should then be dropped).
  func sign(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
    let digest = SHA256.hash(message)
    let digestLength = digest.count
    var length = 0
    guard crypto.EVP_PKEY_sign(context, nil, &length, digest, digestLength) == 1 else {
      throw CryptoError.failed("EVP_PKEY_sign(size)")
    }
    var signature = [UInt8](repeating: 0, count: length)
    let signed = signature.withUnsafeMutableBufferPointer {
      crypto.EVP_PKEY_sign(context, $0.baseAddress, &length, digest, digestLength)
    }
    guard signed == 1 else { throw CryptoError.failed("EVP_PKEY_sign") }
    if length < signature.count { signature.removeLast(signature.count - length) }
    return signature
  }
}
