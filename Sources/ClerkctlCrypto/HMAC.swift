internal import COpenSSL

/// HMAC (RFC 2104) through OpenSSL's `EVP_Q_mac`.
package enum HMAC {
  /// HMAC-SHA1 of `message` under `key` (20 bytes); used by TOTP.
  package static func sha1(key: [UInt8], message: [UInt8]) -> [UInt8] {
    mac(digest: copenssl_name_sha1(), label: "SHA-1", key: key, message: message)
  }

  /// HMAC-SHA256 of `message` under `key` (32 bytes).
  package static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
    mac(digest: copenssl_name_sha256(), label: "SHA-256", key: key, message: message)
  }

  private static func mac(
    digest: UnsafePointer<CChar>, label: String, key: [UInt8], message: [UInt8]
  ) -> [UInt8] {
    let crypto = CryptoLibrary.loaded
    var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length = 0
    // A NULL key means "keep the previous key" to EVP_MAC_init, so an empty key still gets a
    // valid pointer (with length 0).
    let keyStorage = key.isEmpty ? [0] : key
    let result = keyStorage.withUnsafeBytes { keyBytes in
      message.withUnsafeBufferPointer { data in
        output.withUnsafeMutableBufferPointer { out in
          crypto.EVP_Q_mac(
            nil, copenssl_name_hmac(), nil, digest, nil, keyBytes.baseAddress, key.count,
            data.baseAddress, data.count, out.baseAddress, out.count, &length)
        }
      }
    }
    guard result != nil else {
      // HMAC with a built-in digest over memory cannot fail short of a broken installation.
      fatalError("\(OpenSSLError(operation: "EVP_Q_mac(HMAC-\(label))"))")
    }
    return Array(output.prefix(length))
  }
}
