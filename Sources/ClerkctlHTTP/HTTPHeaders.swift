/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Order and repeated names are kept as sent, so what goes on the wire is what was built.
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// The fields in order, names as given.
  package private(set) var fields: [(name: String, value: String)] = []

  package init() {}

  package init(_ fields: [(String, String)]) {
    self.fields = fields.map { (name: $0.0, value: $0.1) }
  }

  package init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// The first value for `name` (any case), or `nil`.
  package subscript(name: String) -> String? {
    fields.first { Self.sameName($0.name, name) }?.value
  }

  /// Every value for `name` (any case), in order.
  package func values(for name: String) -> [String] {
    fields.filter { Self.sameName($0.name, name) }.map(\.value)
  }

  /// Whether a field named `name` (any case) is present.
  package func contains(_ name: String) -> Bool { self[name] != nil }

  /// Whether two field names are the same, ASCII letters compared without case (field names
  /// are ASCII tokens). Compared byte by byte: lowercasing both names for every field on
  /// every lookup allocated more than the server's parsing did.
  static func sameName(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    return zip(lhs.utf8, rhs.utf8).allSatisfy { left, right in
      left == right || (Self.isASCIILetter(left) && left ^ right == 0x20)
    }
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// Adds a field, keeping any that have the same name.
  package mutating func add(name: String, value: String) {
    fields.append((name: name, value: value))
  }

  /// Replaces every field named `name` (any case) by one with `value`.
  package mutating func replaceOrAdd(name: String, value: String) {
    remove(name: name)
    fields.append((name: name, value: value))
  }

  /// Removes every field named `name` (any case).
  package mutating func remove(name: String) {
    fields.removeAll { Self.sameName($0.name, name) }
  }

  package var count: Int { fields.count }

  package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
  }
}
