import ClerkctlCommandLine

/// `choice` options: declared here, beside the enums they take, not in ClerkctlCommandLine.
/// Across the module boundary the generic call stays unspecialized (`@inlinable` did not
/// change that): each key's `allCases`, `map` and associated-type lookups then ran through the
/// runtime, about 45,000 instructions per option at every start (the specs of the commands the
/// parser passes are built then: the root's, `login`'s, `token`'s). Here the compiler
/// specializes it for each enum.
extension OptionKey {
  /// One of a fixed list of words, `nil` when not given. The words are `Choice`'s raw values in
  /// declaration order (help, completion and the parser's message list them); the parser
  /// refuses any other, so the command gets a `Choice` and never checks the word again.
  /// `shownDefault` is what help shows.
  package static func choice<Choice>(
    _ long: String, value valueName: String, help: String, shownDefault: Choice? = nil,
    environmentVariable: String? = nil
  ) -> OptionKey
  where
    Value == Choice?, Choice: RawRepresentable & CaseIterable & Sendable,
    Choice.RawValue == String
  {
    OptionKey(
      spec: .option(
        long, value: valueName, kind: .choice(Choice.allCases.map(\.rawValue)), help: help,
        environmentVariable: environmentVariable, defaultValue: shownDefault?.rawValue),
      convert: { $0.flatMap(Choice.init(rawValue:)) })
  }

  /// One of a fixed list of words (see ``choice(_:value:help:shownDefault:)``), `defaultValue`
  /// when not given (also shown in help).
  package static func choice(
    _ long: String, value valueName: String, help: String, defaultValue: Value
  ) -> OptionKey
  where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    OptionKey(
      spec: .option(
        long, value: valueName, kind: .choice(Value.allCases.map(\.rawValue)), help: help,
        defaultValue: defaultValue.rawValue),
      convert: { $0.flatMap(Value.init(rawValue:)) ?? defaultValue })
  }
}
