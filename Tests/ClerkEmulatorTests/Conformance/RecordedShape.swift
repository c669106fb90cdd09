import ClerkctlCore

/// Compares an emulator reply with a reply recorded from live Clerk: every key the recorded one
/// has, with its type and (for Clerk's tags) its value; ids, times and other values are
/// ignored. Arrays are compared element by element, a recorded element against the emulator's
/// with the same `strategy` (factor lists) or else its first.
enum RecordedShape {
  /// One way the emulator's reply falls short of the recorded one.
  struct Difference: Hashable, Sendable, CustomStringConvertible {
    enum Kind: String, Sendable {
      /// The key is not there.
      case missing
      /// Another JSON type.
      case type
      /// `null` where Clerk sends a value.
      case null
      /// An empty array where Clerk sends items.
      case empty
      /// Another tag (`object`, `status`, `strategy`, `channel`) or a factor Clerk offers and
      /// the emulator does not.
      case value
    }

    var fixture: String
    var pointer: String
    var kind: Kind
    var detail: String

    var description: String { "\(fixture): \(kind.rawValue) at \(pointer): \(detail)" }
  }

  /// The keys whose values are Clerk's tags, compared as values.
  static let tags: Set<String> = ["object", "status", "strategy", "channel"]

  /// What `emulator` lacks of `recorded` (fixture `fixture`), one difference per place.
  static func differences(
    recorded: JSONValue, emulator: JSONValue, fixture: String
  ) -> [Difference] {
    var found: [Difference] = []
    compare(recorded, emulator, at: "$", key: nil, fixture: fixture, into: &found)
    var seen: Set<String> = []
    return found.filter { seen.insert("\($0.kind) \($0.pointer)").inserted }
  }

  /// `number`, `string`, `boolean`, `array`, `object` or `null`.
  static func typeName(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "boolean"
    case .int, .double: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  private static func compare(
    _ recorded: JSONValue, _ emulator: JSONValue, at pointer: String, key: String?,
    fixture: String, into found: inout [Difference]
  ) {
    if recorded.isNull { return }
    if emulator.isNull {
      found.append(
        Difference(
          fixture: fixture, pointer: pointer, kind: .null,
          detail: "Clerk sends \(typeName(recorded))"))
      return
    }
    guard typeName(recorded) == typeName(emulator) else {
      found.append(
        Difference(
          fixture: fixture, pointer: pointer, kind: .type,
          detail: "Clerk sends \(typeName(recorded)), the emulator \(typeName(emulator))"))
      return
    }
    switch (recorded, emulator) {
    case (.object(let members), .object(let theirs)):
      for name in members.keys.sorted() {
        let path = pointer + "." + name
        guard let value = theirs[name] else {
          found.append(
            Difference(
              fixture: fixture, pointer: path, kind: .missing,
              detail: "Clerk sends \(typeName(members[name] ?? .null))"))
          continue
        }
        compare(members[name] ?? .null, value, at: path, key: name, fixture: fixture, into: &found)
      }
    case (.array(let items), .array(let theirs)):
      guard !items.isEmpty else { return }
      guard let first = theirs.first else {
        found.append(
          Difference(
            fixture: fixture, pointer: pointer, kind: .empty,
            detail: "Clerk sends \(items.count) item(s)"))
        return
      }
      for item in items {
        var partner = first
        if let strategy = item["strategy"]?.stringValue {
          guard let same = theirs.first(where: { $0["strategy"]?.stringValue == strategy }) else {
            found.append(
              Difference(
                fixture: fixture, pointer: pointer + "[strategy=\(strategy)]", kind: .value,
                detail: "Clerk offers '\(strategy)', the emulator does not"))
            continue
          }
          partner = same
        }
        compare(item, partner, at: pointer + "[]", key: key, fixture: fixture, into: &found)
      }
    case (.string(let value), .string(let theirs)):
      if let key, tags.contains(key), value != theirs {
        found.append(
          Difference(
            fixture: fixture, pointer: pointer, kind: .value,
            detail: "Clerk sends '\(value)', the emulator '\(theirs)'"))
      }
    default:
      return
    }
  }
}
