extension JSONValue {
  /// Parses a JSON document (see `JSONParser`).
  package init(parsing bytes: [UInt8]) throws(JSONParser.Failure) {
    self = try JSONParser.parse(bytes)
  }

  /// Parses a JSON document from text.
  package init(parsing text: String) throws(JSONParser.Failure) {
    self = try JSONParser.parse(text)
  }

  /// The compact JSON text, with object keys sorted so output is stable.
  package var encoded: String { String(decoding: encodedBytes, as: UTF8.self) }

  /// The JSON text indented by two spaces, keys sorted.
  package var prettyEncoded: String {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(to: &out, pretty: true, level: 0)
    return String(decoding: out, as: UTF8.self)
  }

  /// The compact JSON as UTF-8 bytes.
  package var encodedBytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(to: &out, pretty: false, level: 0)
    return out
  }

  // The writer appends UTF-8 bytes: appending to a `String` one scalar at a time cost a cold
  // mint 1.5 M instructions for one credential file, and the emulator a tenth of each token.

  private func write(to out: inout [UInt8], pretty: Bool, level: Int) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): out.append(contentsOf: String(value).utf8)
    case .double(let value):
      if value.rounded() == value, abs(value) < 1e15 {
        out.append(contentsOf: String(Int64(value)).utf8)
      } else {
        out.append(contentsOf: "\(value)".utf8)
      }
    case .string(let value): Self.writeString(value, to: &out)
    case .array(let elements):
      if elements.isEmpty {
        out.append(contentsOf: "[]".utf8)
        return
      }
      out.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, pretty: pretty, level: level + 1)
        element.write(to: &out, pretty: pretty, level: level + 1)
      }
      Self.newline(&out, pretty: pretty, level: level)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      if members.isEmpty {
        out.append(contentsOf: "{}".utf8)
        return
      }
      out.append(UInt8(ascii: "{"))
      for (offset, key) in members.keys.sorted().enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, pretty: pretty, level: level + 1)
        Self.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        if pretty { out.append(UInt8(ascii: " ")) }
        members[key, default: .null].write(to: &out, pretty: pretty, level: level + 1)
      }
      Self.newline(&out, pretty: pretty, level: level)
      out.append(UInt8(ascii: "}"))
    }
  }

  /// A line break and two spaces per level, when pretty.
  private static func newline(_ out: inout [UInt8], pretty: Bool, level: Int) {
    guard pretty else { return }
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
  }

  /// DEL, C1 controls and the bidirectional formatting characters: valid JSON text, but a
  /// terminal acts on them, so they are written as `\u` escapes (the same value).
  private static func isTerminalControl(_ value: UInt32) -> Bool {
    switch value {
    case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func writeString(_ value: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    // Most strings (ids, tokens, URLs) are printable ASCII with nothing to escape: copied whole.
    if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
      out.append(contentsOf: value.utf8)
    } else {
      for scalar in value.unicodeScalars { writeScalar(scalar, to: &out) }
    }
    out.append(UInt8(ascii: "\""))
  }

  private static func writeScalar(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    switch scalar {
    case "\"": out.append(contentsOf: "\\\"".utf8)
    case "\\": out.append(contentsOf: "\\\\".utf8)
    case "\n": out.append(contentsOf: "\\n".utf8)
    case "\r": out.append(contentsOf: "\\r".utf8)
    case "\t": out.append(contentsOf: "\\t".utf8)
    case "\u{08}": out.append(contentsOf: "\\b".utf8)
    case "\u{0C}": out.append(contentsOf: "\\f".utf8)
    default:
      if scalar.value < 0x20 || isTerminalControl(scalar.value) {
        let hex = String(scalar.value, radix: 16)
        out.append(contentsOf: "\\u".utf8)
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.count))
        out.append(contentsOf: hex.utf8)
      } else {
        UTF8.encode(scalar) { out.append($0) }
      }
    }
  }
}
