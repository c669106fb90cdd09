import ClerkctlCore
import Foundation

/// Renders Clerk JWT-template shortcodes (`{{user.id}}`, `{{user.public_metadata.a.b}}`,
/// `{{user.first_name || 'Anon'}}`) against a context object.
///
/// A string that is exactly one shortcode keeps the source value's type; shortcodes inside a
/// longer string are interpolated as text. `||` falls back when a value is null or empty;
/// literals are single-quoted strings, booleans or numbers. Unknown shortcodes are `null`.
struct TemplateRenderer: Sendable {
  let context: JSONValue

  /// Renders every string in `value`, recursively.
  func render(_ value: JSONValue) -> JSONValue {
    switch value {
    case .string(let text): return renderString(text)
    case .array(let items): return .array(items.map(render))
    case .object(let members): return .object(members.mapValues(render))
    default: return value
    }
  }

  private func renderString(_ text: String) -> JSONValue {
    // Most claim values hold no shortcode: a byte scan spares them the substring search.
    guard text.utf8.contains(UInt8(ascii: "{")) else { return .string(text) }
    let pieces = split(text)
    if pieces.count == 1, case .code(let expression) = pieces[0] {
      return evaluate(expression)
    }
    guard pieces.contains(where: { if case .code = $0 { return true } else { return false } })
    else { return .string(text) }
    var out = ""
    for piece in pieces {
      switch piece {
      case .text(let literal): out += literal
      case .code(let expression): out += Self.text(of: evaluate(expression))
      }
    }
    return .string(out)
  }

  private enum Piece {
    case text(String)
    case code(String)
  }

  private func split(_ text: String) -> [Piece] {
    var pieces: [Piece] = []
    var rest = Substring(text)
    while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
      if open.lowerBound > rest.startIndex {
        pieces.append(.text(String(rest[..<open.lowerBound])))
      }
      pieces.append(.code(String(rest[open.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    if !rest.isEmpty { pieces.append(.text(String(rest))) }
    return pieces
  }

  /// Evaluates `a || b || 'literal'`.
  func evaluate(_ expression: String) -> JSONValue {
    for alternative in alternatives(expression) {
      let value = term(alternative.trimmingSpaces)
      switch value {
      case .null: continue
      case .string(let text) where text.isEmpty: continue
      default: return value
      }
    }
    return .null
  }

  private func alternatives(_ expression: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var inQuote = false
    var characters = Array(expression)[...]
    while let char = characters.popFirst() {
      if char == "'" { inQuote.toggle() }
      if !inQuote, char == "|", characters.first == "|" {
        characters.removeFirst()
        parts.append(current)
        current = ""
      } else {
        current.append(char)
      }
    }
    parts.append(current)
    return parts
  }

  private func term(_ text: String) -> JSONValue {
    if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
      return .string(String(text.dropFirst().dropLast()))
    }
    if text == "true" { return true }
    if text == "false" { return false }
    if let int = Int64(text) { return .int(int) }
    if let double = Double(text), text.contains(".") { return .double(double) }
    var value = context
    for key in text.split(separator: ".", omittingEmptySubsequences: false) {
      guard let next = value[String(key)] else { return .null }
      value = next
    }
    return value
  }

  private static func text(of value: JSONValue) -> String {
    switch value {
    case .null: return ""
    case .string(let text): return text
    default: return value.encoded
    }
  }
}
