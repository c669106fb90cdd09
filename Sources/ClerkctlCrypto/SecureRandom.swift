internal import COpenSSL

/// Cryptographically secure random bytes from OpenSSL's `RAND_bytes`.
package enum SecureRandom {
  /// `count` random bytes. Stops the process if OpenSSL cannot seed its generator: continuing
  /// with predictable secrets would be worse.
  package static func bytes(_ count: Int) -> [UInt8] {
    precondition(count >= 0 && count <= Int(Int32.max), "SecureRandom.bytes: bad count \(count)")
    var output = [UInt8](repeating: 0, count: count)
    if count == 0 { return output }
    let crypto = CryptoLibrary.loaded
    let ok = output.withUnsafeMutableBufferPointer {
      crypto.RAND_bytes($0.baseAddress, Int32(count))
    }
    guard ok == 1 else {
      fatalError("\(OpenSSLError(operation: "RAND_bytes"))")
    }
    return output
  }
}
