import Glibc

/// Bytes from the operating system's CSPRNG (`getentropy(3)`, the kernel's `getrandom`), for
/// PKCE verifiers and `state`.
package enum SystemRandom {
  /// `count` random bytes.
  ///
  /// - Throws: `ClerkError.configuration` when the kernel gives none.
  package static func bytes(_ count: Int) throws(ClerkError) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let chunk = min(256, count - filled)  // getentropy's most per call
      let status = buffer.withUnsafeMutableBytes { raw -> Int32 in
        guard let base = raw.baseAddress else { return -1 }
        return getentropy(base + filled, chunk)
      }
      guard status == 0 else {
        throw .configuration("the system random number generator failed (errno \(errno))")
      }
      filled += chunk
    }
    return buffer
  }
}
