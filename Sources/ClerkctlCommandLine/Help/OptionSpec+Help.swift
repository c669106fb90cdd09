/// How an option reads in help and man pages, for every executable.
extension OptionSpec {
  /// The label: `-X, --method <method>`.
  package var helpLabel: String {
    var names = ([long] + aliases).map { "--" + $0 }
    if let short { names.insert("-" + String(short), at: 0) }
    var label = names.joined(separator: ", ")
    if let valueName { label += " <\(valueName)>" }
    return label
  }

  /// The description, with the choices, the default and the environment variable.
  package var helpDescription: String {
    var notes: [String] = []
    if case .choice(let choices) = valueKind {
      notes.append("values: " + choices.joined(separator: ", "))
    }
    if let defaultValue { notes.append("default: " + defaultValue) }
    if let environmentVariable {
      notes.append("env: " + environmentVariable + (isFlag ? "=1" : ""))
    }
    if isRepeatable { notes.append("repeatable") }
    return notes.isEmpty ? help : help + " (" + notes.joined(separator: "; ") + ")"
  }
}
