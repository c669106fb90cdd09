/// The values the parser found on a command line, keyed by each option's long name.
///
/// Values are already checked against each option's ``ValueKind``. Commands read them with
/// typed keys (`parsed[Options.format]`, see ``OptionKey``), never by name.
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
  /// The long names of every option the command declares (its own and inherited), set by the
  /// parser; `nil` for a hand-built value. Reading an undeclared name traps: a misspelt key is a
  /// bug the first test of the command finds, never a silent `nil`.
  package var declaredOptions: Set<String>?

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

  /// The typed value of a declared option, its default applied.
  package subscript<Value>(key: OptionKey<Value>) -> Value { key.value(in: self) }

  /// Every value the parser recorded for `spec` (an option that takes one), in order. Only
  /// ``OptionKey`` reads these: commands read typed keys.
  package func values(of spec: OptionSpec) -> [String] { optionValues[declared(spec.long)] ?? [] }

  /// How many times the flag `spec` was given. Only ``OptionKey`` reads this.
  func count(of spec: OptionSpec) -> Int { flagCounts[declared(spec.long)] ?? 0 }

  /// `long`, after checking the command declares it.
  private func declared(_ long: String) -> String {
    if let declaredOptions, !declaredOptions.contains(long) {
      preconditionFailure(
        "'\(commandPath.joined(separator: " "))' reads the undeclared option '--\(long)'")
    }
    return long
  }

  /// The positional argument at `index`, if given.
  package func positional(_ index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }

  /// The positional argument at `index`, which the command needs: absent or empty is the
  /// usage error `missing argument '<name>'`.
  package func argument(_ index: Int, named name: String) throws(UsageError) -> String {
    guard let value = positional(index), !value.isEmpty else {
      throw UsageError("missing argument '<\(name)>'")
    }
    return value
  }
}
