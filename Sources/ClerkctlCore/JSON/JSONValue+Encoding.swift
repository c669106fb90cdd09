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
  package var encoded: String {
    var out = ""
    write(to: &out, indent: nil, level: 0)
    return out
  }

  /// The JSON text indented by two spaces, keys sorted.
  package var prettyEncoded: String {
    var out = ""
    write(to: &out, indent: "  ", level: 0)
    return out
  }

  /// The compact JSON as UTF-8 bytes.
  package var encodedBytes: [UInt8] { Array(encoded.utf8) }

  private func write(to out: inout String, indent: String?, level: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value):
      if value.rounded() == value, abs(value) < 1e15 {
        out += String(Int64(value))
      } else {
        out += "\(value)"
      }
    case .string(let value): Self.writeString(value, to: &out)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { out += "," }
        Self.newline(&out, indent: indent, level: level + 1)
        element.write(to: &out, indent: indent, level: level + 1)
      }
      Self.newline(&out, indent: indent, level: level)
      out += "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (offset, key) in members.keys.sorted().enumerated() {
        if offset > 0 { out += "," }
        Self.newline(&out, indent: indent, level: level + 1)
        Self.writeString(key, to: &out)
        out += indent == nil ? ":" : ": "
        members[key, default: .null].write(to: &out, indent: indent, level: level + 1)
      }
      Self.newline(&out, indent: indent, level: level)
      out += "}"
    }
  }

  private static func newline(_ out: inout String, indent: String?, level: Int) {
    guard let indent else { return }
    out += "\n"
    for _ in 0..<level { out += indent }
  }

  /// DEL, C1 controls and the bidirectional formatting characters: valid JSON text, but a
  /// terminal acts on them, so they are written as `\u` escapes (the same value).
  private static func isTerminalControl(_ value: UInt32) -> Bool {
    switch value {
    case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func writeString(_ value: String, to out: inout String) {
    out += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        if scalar.value < 0x20 || isTerminalControl(scalar.value) {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
