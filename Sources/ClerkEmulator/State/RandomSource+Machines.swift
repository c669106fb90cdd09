import Foundation

/// The shapes of machine-authentication identifiers.
extension RandomSource {
  /// `count` random lowercase hex digits.
  func hex(_ count: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String(
      bytes((count + 1) / 2).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }
        .prefix(count))
  }

  /// A machine secret key: `ak_` and 32 hex digits.
  func machineSecretKey() -> String { "ak_" + hex(32) }

  /// An M2M token id: `mt_` and 32 hex digits (the pattern of Clerk's spec).
  func m2mTokenID() -> String { "mt_" + hex(32) }

  /// An opaque M2M token: `mt_` and 32 letters and digits.
  func opaqueM2MToken() -> String { "mt_" + base62(32) }
}
