/// The rule for profile names: they become file names, so they are kept to a safe alphabet.
package enum ProfileName {
  /// The profile used when none is named.
  package static let defaultName = "default"

  /// The longest name accepted.
  package static let maxLength = 64

  /// Whether `name` matches `[A-Za-z0-9][A-Za-z0-9._-]{0,63}`.
  package static func isValid(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= maxLength, isAlphanumeric(first) else {
      return false
    }
    return bytes.allSatisfy { byte in
      isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "-")
    }
  }

  /// Checks `name`.
  ///
  /// - Throws: `CredentialStoreError.invalidProfileName` when it is not valid.
  package static func validate(_ name: String) throws(CredentialStoreError) {
    guard isValid(name) else { throw .invalidProfileName(name) }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return false
    }
  }
}
