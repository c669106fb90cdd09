/// A value of Clerk's wire vocabulary: a documented set of strings and a case for the rest.
/// Reading one never fails (a value this version does not know is kept as `unknown`), and
/// every value writes back the string it was read from.
package protocol WireValue: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
  /// Every value Clerk documents.
  static var documented: [Self] { get }
  /// A value this version does not know, kept as it came.
  static func unknown(_ value: String) -> Self
  init(rawValue: String)
}

extension WireValue {
  /// The documented value named `rawValue`, else `unknown(rawValue)`.
  package init(rawValue: String) {
    self = Self.documented.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
  }

  package var description: String { rawValue }
}
