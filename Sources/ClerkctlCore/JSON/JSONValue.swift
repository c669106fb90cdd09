import FoundationEssentials

/// A JSON document of any shape: JWT claims, Clerk's envelopes, Convex arguments.
///
/// Numbers keep their integer form when they have one, so claims such as `exp` round-trip
/// exactly; object keys keep no order, and `encoded(sorted:)` sorts them for stable output.
package enum JSONValue: Sendable, Equatable, Hashable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The value at `key` when this is an object, else `nil`.
  package subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string, when this is one.
  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number as an integer, when this is an integer (or a double with no fraction).
  package var intValue: Int64? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 9.0e18:
      return Int64(value)
    default: return nil
    }
  }

  /// The number as a double, when this is a number.
  package var doubleValue: Double? {
    switch self {
    case .int(let value): return Double(value)
    case .double(let value): return value
    default: return nil
    }
  }

  /// The Boolean, when this is one.
  package var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, when this is an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, when this is an object.
  package var objectValue: [String: JSONValue]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether this is `null`.
  package var isNull: Bool { self == .null }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
  package init(stringLiteral value: String) { self = .string(value) }
  package init(integerLiteral value: Int64) { self = .int(value) }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  package init(nilLiteral: ()) { self = .null }
  package init(floatLiteral value: Double) { self = .double(value) }
}
