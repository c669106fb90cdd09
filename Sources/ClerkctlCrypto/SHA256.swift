internal import COpenSSL

/// SHA-256 (FIPS 180-4) through OpenSSL's `EVP_Digest`.
package enum SHA256 {
  /// The 32-byte SHA-256 digest of `bytes`.
  package static func hash(_ bytes: [UInt8]) -> [UInt8] {
    let crypto = CryptoLibrary.loaded
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let ok = bytes.withUnsafeBytes { input in
      digest.withUnsafeMutableBufferPointer { output in
        crypto.EVP_Digest(
          input.baseAddress, input.count, output.baseAddress, &length, crypto.EVP_sha256(), nil)
      }
    }
    guard ok == 1, length == 32 else {
      // A built-in digest over memory cannot fail short of a broken OpenSSL installation.
      fatalError("\(OpenSSLError(operation: "EVP_Digest(SHA-256)"))")
    }
    return Array(digest.prefix(Int(length)))
  }
}
