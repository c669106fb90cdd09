internal import CSecret
import Glibc

/// The clerkctl schema as libsecret reads it: a `SecretSchema` and the C strings it points to,
/// owned here and freed in `deinit`.
///
/// Its items carry the schema's name (libsecret stores it as the `xdg:schema` attribute) and
/// the string attributes `profile`, `instance`, `kind` and `directory`.
final class SecretSchemaHandle: @unchecked Sendable {
  /// The schema's name.
  static let name = "clerkctl.Credential"
  /// Its attributes, in order.
  static let attributeNames = ["profile", "instance", "kind", "directory"]

  /// The one schema, for the process's lifetime.
  static let shared = SecretSchemaHandle()

  let pointer: UnsafeMutablePointer<csecret_schema>
  private let strings: [UnsafeMutablePointer<CChar>]

  private init() {
    var strings: [UnsafeMutablePointer<CChar>] = []
    let copy = { (text: String) -> UnsafeMutablePointer<CChar> in
      let pointer = UnsafeMutablePointer<CChar>.copying(text)
      strings.append(pointer)
      return pointer
    }
    pointer = .allocate(capacity: 1)
    // Zeroed: the attributes after the last end the list, and the reserved fields stay empty.
    memset(pointer, 0, MemoryLayout<csecret_schema>.size)
    pointer.pointee.name = UnsafePointer(copy(Self.name))
    pointer.pointee.flags = Int32(CSECRET_SCHEMA_NONE)
    withUnsafeMutableBytes(of: &pointer.pointee.attributes) { raw in
      let attributes = raw.bindMemory(to: csecret_schema_attribute.self)
      for (index, name) in Self.attributeNames.enumerated() {
        attributes[index] = csecret_schema_attribute(
          name: UnsafePointer(copy(name)), type: Int32(CSECRET_ATTRIBUTE_STRING))
      }
    }
    self.strings = strings
  }

  deinit {
    pointer.deallocate()
    for string in strings { string.deallocate() }
  }
}
