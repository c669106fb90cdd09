/// A strict RFC 8259 JSON parser over UTF-8 bytes, producing `JSONValue`.
///
/// It takes no Foundation and copies nothing it does not keep, so it is cheap enough for the
/// token cache-hit path. Depth is bounded, so hostile input cannot exhaust the stack.
package struct JSONParser {
  /// Why a document was refused.
  package struct Failure: Error, Equatable, CustomStringConvertible {
    /// What was wrong, with the byte offset where it was found.
    package let reason: String
    package let offset: Int
    package var description: String { "invalid JSON at byte \(offset): \(reason)" }
  }

  /// The deepest nesting accepted.
  package static let maxDepth = 128

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Parses one JSON document; trailing bytes other than whitespace are an error.
  ///
  /// - Parameter bytes: the UTF-8 document.
  /// - Returns: the value.
  /// - Throws: `JSONParser.Failure` naming the first problem.
  package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index != bytes.count { throw parser.failure("unexpected trailing data") }
    return value
  }

  /// Parses one JSON document from a string.
  package static func parse(_ text: String) throws(Failure) -> JSONValue {
    try parse(Array(text.utf8))
  }

  private func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
    guard depth < Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth)") }
    guard index < bytes.count else { throw failure("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character")
    }
  }

  private mutating func expectLiteral(_ literal: String) throws(Failure) {
    let expected = literal.utf8
    guard index + expected.count <= bytes.count else { throw failure("unexpected end of input") }
    guard expected.elementsEqual(bytes[index..<(index + expected.count)]) else {
      throw failure("invalid literal")
    }
    index += expected.count
  }

  private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a string key")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected ':'")
      }
      index += 1
      skipWhitespace()
      members[key] = try parseValue(depth: depth + 1)
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      throw failure("expected ',' or '}'")
    }
  }

  private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      throw failure("expected ',' or ']'")
    }
  }

  private mutating func parseString() throws(Failure) -> String {
    index += 1
    var runStart = index
    var buffer: [UInt8] = []
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        buffer.append(contentsOf: bytes[runStart..<index])
        index += 1
        break
      }
      if byte < 0x20 { throw failure("control character in string") }
      if byte == UInt8(ascii: "\\") {
        buffer.append(contentsOf: bytes[runStart..<index])
        index += 1
        guard index < bytes.count else { throw failure("unterminated escape") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw failure("unpaired surrogate") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(scalar) {
            throw failure("unpaired surrogate")
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid escape") }
          buffer.append(contentsOf: Array(String(unicode).utf8))
        default: throw failure("invalid escape")
        }
        runStart = index
        continue
      }
      index += 1
    }
    guard let text = String(validating: buffer, as: UTF8.self) else {
      throw failure("invalid UTF-8 in string")
    }
    return text
  }

  private mutating func parseHex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func parseNumber() throws(Failure) -> JSONValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count else { throw failure("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index]) {
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
    } else {
      throw failure("invalid number")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      try digits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      try digits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int64(text) { return .int(value) }
    guard let value = Double(text), value.isFinite else { throw failure("number out of range") }
    return .double(value)
  }

  private mutating func digits() throws(Failure) {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    if index == start { throw failure("invalid number") }
  }
}
