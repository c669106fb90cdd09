/// The values the parser found on a command line, keyed by each option's long name.
///
/// Values are already checked against each option's ``ValueKind``, so `int(_:)` and
/// `double(_:)` only return `nil` when the option was not given.
package struct ParsedArguments: Sendable, Equatable {
  /// The command names below the root, canonical (aliases resolved): `["jwt", "decode"]`.
  package var commandPath: [String]
  /// Values of value-taking options, in command-line order, by long name.
  package var optionValues: [String: [String]]
  /// How many times each flag was given, by long name.
  package var flagCounts: [String: Int]
  /// Every positional argument, including those after `--`.
  package var positionals: [String]
  /// The arguments after `--` (or, for commands whose options end at the first argument, from
  /// the first positional argument on).
  package var trailing: [String]

  package init(
    commandPath: [String] = [], optionValues: [String: [String]] = [:],
    flagCounts: [String: Int] = [:], positionals: [String] = [], trailing: [String] = []
  ) {
    self.commandPath = commandPath
    self.optionValues = optionValues
    self.flagCounts = flagCounts
    self.positionals = positionals
    self.trailing = trailing
  }

  /// Whether the flag `--long` was given.
  package func flag(_ long: String) -> Bool { (flagCounts[long] ?? 0) > 0 }

  /// The value of `--long`; the last one when given more than once.
  package func value(_ long: String) -> String? { optionValues[long]?.last }

  /// Every value of a repeatable option, in order.
  package func values(_ long: String) -> [String] { optionValues[long] ?? [] }

  /// The value of `--long` as a whole number.
  package func int(_ long: String) -> Int? { value(long).flatMap { Int($0) } }

  /// The value of `--long` as a number (seconds, for instance).
  package func double(_ long: String) -> Double? { value(long).flatMap { Double($0) } }

  /// The positional argument at `index`, if given.
  package func positional(_ index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }

  /// `"clerkctl jwt decode"`.
  package var commandName: String { (["clerkctl"] + commandPath).joined(separator: " ") }
}
