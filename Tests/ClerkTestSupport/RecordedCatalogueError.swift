import ClerkctlCore
import Foundation

/// An entry of Clerk's API error catalogue (generated from Clerk's server code): its code,
/// HTTP status and texts, and the body Clerk sends for it.
package struct RecordedCatalogueError: Sendable {
  /// The manifest's id, e.g. `error-form-identifier-not-found`.
  package var id: String
  /// The Go name, e.g. `FormIdentifierNotFound`.
  package var name: String
  /// Clerk's code, e.g. `form_identifier_not_found`.
  package var code: String
  package var status: Int
  /// The wire `message` (`shortMessage`); placeholders as `<name>`.
  package var message: String
  /// The wire `long_message` (`longMessage`); placeholders as `<name>`.
  package var longMessage: String

  init(_ fixture: RecordedFixture) {
    id = fixture.id
    name = fixture.raw["name"]?.stringValue ?? ""
    code = fixture.raw["code"]?.stringValue ?? ""
    status = Int(fixture.raw["status"]?.stringValue ?? "") ?? 0
    message = fixture.raw["shortMessage"]?.stringValue ?? ""
    longMessage = fixture.raw["longMessage"]?.stringValue ?? ""
  }

  /// Clerk's error envelope for this entry:
  /// `{"errors":[{"message","long_message","code","meta"}],"clerk_trace_id"}`.
  package var body: JSONValue {
    [
      "errors": [
        [
          "message": .string(message), "long_message": .string(longMessage),
          "code": .string(code), "meta": [:],
        ]
      ],
      "clerk_trace_id": "ff1048d1cb5a74da3ebd660877680ba3",
    ]
  }

  /// Whether `text` is what the catalogue says, a `<placeholder>` standing for any text.
  package static func text(_ text: String, matches pattern: String) -> Bool {
    // The literal pieces between placeholders, in order.
    var literals: [Substring] = []
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
      literals.append(rest[..<open])
      rest = rest[rest.index(after: close)...]
    }
    literals.append(rest)
    guard literals.count > 1 else { return text == pattern }
    var remaining = Substring(text)
    guard let first = literals.first, remaining.hasPrefix(first) else { return false }
    remaining = remaining.dropFirst(first.count)
    guard let last = literals.last, remaining.hasSuffix(last) else { return false }
    remaining = remaining.dropLast(last.count)
    for literal in literals.dropFirst().dropLast() where !literal.isEmpty {
      guard let found = remaining.range(of: literal) else { return false }
      remaining = remaining[found.upperBound...]
    }
    return true
  }
}
