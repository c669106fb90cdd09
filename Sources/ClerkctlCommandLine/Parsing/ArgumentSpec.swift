/// Declares one positional argument.
package struct ArgumentSpec: Sendable, Equatable {
  /// The placeholder, lower case (`token` shows as `<token>`).
  package var name: String
  /// One or two sentences for help.
  package var help: String
  /// Whether the argument may be left out.
  package var isOptional: Bool
  /// Whether the argument takes every remaining value (must be last).
  package var isRepeating: Bool
  /// How the value is checked and completed.
  package var valueKind: ValueKind

  package init(
    _ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false,
    valueKind: ValueKind = .string
  ) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.isRepeating = isRepeating
    self.valueKind = valueKind
  }

  /// How the argument appears in a usage line: `<token>`, `[<token>]`, `[<arg> ...]`.
  package var usageLabel: String {
    let base = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(base)]" : base
  }
}
