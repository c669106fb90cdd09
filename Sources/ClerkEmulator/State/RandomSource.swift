import ClerkctlCrypto
import Foundation

/// Where the emulator's randomness comes from (ids, codes, keys); tests may pass their own.
package struct RandomSource: Sendable {
  /// Returns `count` random bytes.
  package var bytes: @Sendable (_ count: Int) -> [UInt8]

  package init(bytes: @escaping @Sendable (_ count: Int) -> [UInt8]) { self.bytes = bytes }

  /// The operating system's secure random source.
  package static let secure = RandomSource { SecureRandom.bytes($0) }

  private static let alphabet = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

  /// `count` random characters from `[0-9A-Za-z]`.
  func base62(_ count: Int) -> String {
    // 248 = 62 * 4: rejecting bytes above it keeps the characters uniform. Built as bytes
    // with a counter: `String.count` walks the whole string each time it is asked.
    var out: [UInt8] = []
    out.reserveCapacity(count)
    while out.count < count {
      for byte in bytes(count * 2) where byte < 248 && out.count < count {
        out.append(Self.alphabet[Int(byte) % 62])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A Clerk-style id: `prefix_` plus 27 base62 characters (e.g. `user_2x…`).
  func id(_ prefix: String) -> String { prefix + "_" + base62(27) }

  /// A random six-digit code.
  func digits(_ count: Int) -> String {
    var out = ""
    while out.count < count {
      for byte in bytes(count * 2) where byte < 250 && out.count < count {
        out.append(Character(String(Int(byte) % 10)))
      }
    }
    return out
  }
}
