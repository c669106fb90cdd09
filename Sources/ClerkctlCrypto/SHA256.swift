internal import COpenSSL

/// SHA-256 (FIPS 180-4) through OpenSSL's `SHA256_Init`/`_Update`/`_Final`.
///
/// The SHA-level calls, not `EVP_Digest` (nor the one-shot `SHA256`, which fetches through
/// EVP too): the first EVP fetch of a process makes OpenSSL build its name map of every
/// algorithm, about 3.8 M instructions, for one digest of a few hundred bytes.
package enum SHA256 {
  /// The 32-byte SHA-256 digest of `bytes`.
  package static func hash(_ bytes: [UInt8]) -> [UInt8] {
    let crypto = CryptoLibrary.loaded
    var context = SHA256_CTX()
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    let ok = bytes.withUnsafeBytes { input in
      digest.withUnsafeMutableBufferPointer { output in
        crypto.SHA256_Init(&context) == 1
          && crypto.SHA256_Update(&context, input.baseAddress, input.count) == 1
          && crypto.SHA256_Final(output.baseAddress, &context) == 1
      }
    }
    guard ok else {
      // A digest over memory cannot fail short of a broken OpenSSL installation.
      fatalError("\(OpenSSLError(operation: "SHA256_Final"))")
    }
    return digest
  }
}
