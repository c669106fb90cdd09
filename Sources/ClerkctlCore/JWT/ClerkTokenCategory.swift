/// The class of a JWT Clerk signed, from the `cat` member of its protected header: Clerk
/// stamps one on every JWT an instance key signs (`@clerk/backend` `tokens/jwtCategories.ts`,
/// "kept in sync with clerk_go"). Clerk's backend SDKs refuse a template or M2M token where
/// they expect a session token, when it carries its category.
package enum ClerkTokenCategory: String, Sendable, CaseIterable {
  case session
  case template
  case m2m

  /// The `cat` header value of the category.
  package var cat: String {
    switch self {
    case .session: "cl_B7d4PD111AAA"
    case .template: "cl_B7d4PD222AAA"
    case .m2m: "cl_B7d4PD333AAA"
    }
  }

  /// The value of instances configured to omit the class (`use_ignore_jwt_cat`).
  package static let ignoredCat = "cl_I7d4PD111III"

  /// The category in words: `session`, `template` or `M2M`.
  package var words: String {
    switch self {
    case .session: "session"
    case .template: "template"
    case .m2m: "M2M"
    }
  }

  /// The category a `cat` value names; `nil` for none or another value.
  package init?(cat: String?) {
    guard let found = Self.allCases.first(where: { $0.cat == cat }) else { return nil }
    self = found
  }

  /// The category of `header` (a JWT's protected header), `nil` when it names none of the three.
  package init?(header: JSONValue) {
    self.init(cat: header["cat"]?.stringValue)
  }

  /// `header`'s category in words: `session`, `template`, `M2M`, or `unknown` with why (no
  /// `cat`, the instance omits it, or a value Clerk does not define).
  package static func describe(header: JSONValue) -> String {
    if let category = ClerkTokenCategory(header: header) { return category.words }
    switch header["cat"] {
    case nil: return "unknown (no 'cat' header)"
    case .string(Self.ignoredCat)?:
      return "unknown (cat \(Self.ignoredCat): the instance omits the class)"
    case let other?:
      return "unknown (cat \(TerminalText.sanitized(other.stringValue ?? other.encoded)))"
    }
  }
}
