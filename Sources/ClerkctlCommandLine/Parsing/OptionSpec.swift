/// Declares one option: the parser, the help text, completion scripts and the man page all read
/// it.
///
/// Names are stored without dashes (`"profile"` for `--profile`, `"X"` for `-X`). An option with
/// no `valueName` is a flag.
package struct OptionSpec: Sendable, Equatable {
  /// The long name, without the leading `--`; the key under which parsed values are stored.
  package var long: String
  /// The one-letter short name, without the leading `-`.
  package var short: Character?
  /// Other long names that mean the same option (`email` for `identifier`).
  package var aliases: [String]
  /// The value's placeholder in help (`name` shows as `<name>`); `nil` for a flag.
  package var valueName: String?
  /// One or two sentences for help.
  package var help: String
  /// The environment variable that supplies the same setting, shown in help.
  package var environmentVariable: String?
  /// Whether the option may be given more than once, each value kept.
  package var isRepeatable: Bool
  /// The default shown in help; the command applies it.
  package var defaultValue: String?
  /// How the value is checked and completed.
  package var valueKind: ValueKind
  /// Hidden options are accepted but not shown in help or completion.
  package var isHidden: Bool

  /// Always `false`: no option takes a secret on the command line. Secrets come from a prompt,
  /// stdin (`--*-stdin`) or an environment variable.
  package var isSecretInput: Bool { false }

  /// Whether the option is a flag (takes no value).
  package var isFlag: Bool { valueName == nil }

  package init(
    long: String, short: Character? = nil, aliases: [String] = [], valueName: String? = nil,
    help: String, environmentVariable: String? = nil, isRepeatable: Bool = false,
    defaultValue: String? = nil, valueKind: ValueKind = .string, isHidden: Bool = false
  ) {
    self.long = long
    self.short = short
    self.aliases = aliases
    self.valueName = valueName
    self.help = help
    self.environmentVariable = environmentVariable
    self.isRepeatable = isRepeatable
    self.defaultValue = defaultValue
    self.valueKind = valueKind
    self.isHidden = isHidden
  }

  /// A flag (`--all`).
  package static func flag(
    _ long: String, short: Character? = nil, help: String, environmentVariable: String? = nil,
    isHidden: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, help: help, environmentVariable: environmentVariable,
      isHidden: isHidden)
  }

  /// An option that takes a value (`--template <name>`).
  package static func option(
    _ long: String, short: Character? = nil, aliases: [String] = [], value valueName: String,
    kind: ValueKind = .string, help: String, environmentVariable: String? = nil,
    defaultValue: String? = nil, isRepeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, aliases: aliases, valueName: valueName, help: help,
      environmentVariable: environmentVariable, isRepeatable: isRepeatable,
      defaultValue: defaultValue, valueKind: kind)
  }

  /// `--long` as typed on the command line.
  package var longFlag: String { "--" + long }

  /// All the spellings that select this option (`--identifier`, `--email`, `-X`).
  package var spellings: [String] {
    var all = ["--" + long] + aliases.map { "--" + $0 }
    if let short { all.append("-" + String(short)) }
    return all
  }
}
