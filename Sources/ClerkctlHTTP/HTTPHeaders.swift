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
    let wanted = name.lowercased()
    return fields.first { $0.name.lowercased() == wanted }?.value
  }

  /// Every value for `name` (any case), in order.
  package func values(for name: String) -> [String] {
    let wanted = name.lowercased()
    return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
  }

  /// Whether a field named `name` (any case) is present.
  package func contains(_ name: String) -> Bool { self[name] != nil }

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
    let wanted = name.lowercased()
    fields.removeAll { $0.name.lowercased() == wanted }
  }

  package var count: Int { fields.count }

  package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
  }
}
