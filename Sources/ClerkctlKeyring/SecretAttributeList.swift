internal import CSecret

/// The attribute name/value pairs of one call, as C strings owned here and freed in `deinit`.
final class SecretAttributeList {
  private var strings: [UnsafeMutablePointer<CChar>] = []
  private var attributes = csecret_attributes()

  /// Up to four pairs, each name one of the schema's.
  init(_ pairs: [(name: String, value: String)]) {
    precondition(pairs.count <= 4, "the shim passes at most four attributes")
    var pointers: [UnsafePointer<CChar>?] = []
    for pair in pairs {
      for text in [pair.name, pair.value] {
        let copy = UnsafeMutablePointer<CChar>.copying(text)
        strings.append(copy)
        pointers.append(UnsafePointer(copy))
      }
    }
    pointers += Array(repeating: nil, count: 8 - pointers.count)
    attributes = csecret_attributes(
      name1: pointers[0], value1: pointers[1], name2: pointers[2], value2: pointers[3],
      name3: pointers[4], value3: pointers[5], name4: pointers[6], value4: pointers[7])
  }

  /// The pairs of an item: all four attributes.
  convenience init(_ item: KeyringItem) {
    self.init([
      ("profile", item.profile), ("instance", item.instance), ("kind", item.kind),
      ("directory", item.directory),
    ])
  }

  deinit {
    for string in strings { string.deallocate() }
  }

  /// Runs `body` with the C list, valid only inside it.
  func withList<T>(_ body: (UnsafePointer<csecret_attributes>) throws -> T) rethrows -> T {
    try withUnsafePointer(to: &attributes) { try body($0) }
  }
}
