import ClerkctlCore

/// An option declared once, typed: its name, value type, default and help in one declaration,
/// read back with `parsed[key]` (as swift-argument-parser's `@Option` is). The parser, help,
/// the man page and completion read `spec`; the parser checks the value against its kind, so a
/// command never parses or checks it again, and a misspelt key does not compile.
///
/// The kinds: ``flag(_:short:help:environmentVariable:isHidden:)`` (`Bool`),
/// ``string(_:short:aliases:value:kind:help:environmentVariable:shownDefault:)`` (`String?`;
/// with `defaultValue:`, `String`), ``repeatable(_:short:value:kind:help:)`` (`[String]`),
/// `choice` (an enum, the parser checking the word; declared in ClerkCLI), and the
/// numbers: ``seconds(_:help:defaultValue:)``, ``positiveSeconds(_:help:defaultValue:environmentVariable:)``,
/// ``port(_:help:defaultValue:)``.
///
/// Where keys live: an option several commands share (the global options, `--min-ttl`) is a
/// static member here, read as `parsed[.minTTL]`; a command's own options are static members
/// of its nested `Options` enum, read as `parsed[Options.format]`, and its spec lists
/// `Options.format.spec`.
package struct OptionKey<Value: Sendable>: Sendable {
  /// The declaration the parser, help, man page and completion read.
  package let spec: OptionSpec
  /// The typed value from what the parser recorded for `spec`, the default applied.
  private let read: @Sendable (ParsedArguments, OptionSpec) -> Value

  private init(spec: OptionSpec, read: @escaping @Sendable (ParsedArguments, OptionSpec) -> Value) {
    self.spec = spec
    self.read = read
  }

  /// An option that takes a value, converted from its last text (`nil`: not given). For kinds
  /// declared where their values' types live (`choice`, in the CLI).
  package init(spec: OptionSpec, convert: @escaping @Sendable (String?) -> Value) {
    self.init(spec: spec) { parsed, spec in convert(parsed.values(of: spec).last) }
  }

  /// The typed value in `parsed`.
  func value(in parsed: ParsedArguments) -> Value { read(parsed, spec) }
}

extension OptionKey where Value == Bool {
  /// A flag (`--all`): `true` when given.
  package static func flag(
    _ long: String, short: Character? = nil, help: String, environmentVariable: String? = nil,
    isHidden: Bool = false
  ) -> OptionKey {
    OptionKey(
      spec: .flag(
        long, short: short, help: help, environmentVariable: environmentVariable,
        isHidden: isHidden),
      read: { parsed, spec in parsed.count(of: spec) > 0 })
  }
}

extension OptionKey where Value == String? {
  /// An option that takes text (`--identifier <email>`): its last value, `nil` when not given.
  /// `kind` says how it is checked and completed (a path, a URL, a template name);
  /// `shownDefault` is what help shows when the command falls back to something itself.
  package static func string(
    _ long: String, short: Character? = nil, aliases: [String] = [], value valueName: String,
    kind: ValueKind = .string, help: String, environmentVariable: String? = nil,
    shownDefault: String? = nil
  ) -> OptionKey {
    OptionKey(
      spec: .option(
        long, short: short, aliases: aliases, value: valueName, kind: kind, help: help,
        environmentVariable: environmentVariable, defaultValue: shownDefault),
      convert: { $0 })
  }
}

extension OptionKey where Value == String {
  /// An option that takes text, `defaultValue` when not given (also shown in help).
  package static func string(
    _ long: String, short: Character? = nil, aliases: [String] = [], value valueName: String,
    kind: ValueKind = .string, help: String, environmentVariable: String? = nil,
    defaultValue: String
  ) -> OptionKey {
    OptionKey(
      spec: .option(
        long, short: short, aliases: aliases, value: valueName, kind: kind, help: help,
        environmentVariable: environmentVariable, defaultValue: defaultValue),
      convert: { $0 ?? defaultValue })
  }
}

extension OptionKey where Value == [String] {
  /// An option that may be given more than once (`-H <header>`): every value, in order.
  package static func repeatable(
    _ long: String, short: Character? = nil, value valueName: String, kind: ValueKind = .string,
    help: String
  ) -> OptionKey {
    OptionKey(
      spec: .option(
        long, short: short, value: valueName, kind: kind, help: help, isRepeatable: true),
      read: { parsed, spec in parsed.values(of: spec) })
  }
}

extension OptionKey where Value == Double {
  /// A number of seconds, 0 or more (checked by the parser), `defaultValue` when not given
  /// (also shown in help).
  package static func seconds(
    _ long: String, help: String, defaultValue: Double
  ) -> OptionKey {
    OptionKey(
      spec: .option(
        long, value: "seconds", kind: .seconds, help: help,
        defaultValue: defaultValue.secondsText),
      convert: { $0.flatMap(Double.init) ?? defaultValue })
  }

  /// A time limit in seconds, more than 0 (checked by the parser), `defaultValue` when not
  /// given (also shown in help).
  package static func positiveSeconds(
    _ long: String, help: String, defaultValue: Double, environmentVariable: String? = nil
  ) -> OptionKey {
    OptionKey(
      spec: .option(
        long, value: "seconds", kind: .positiveSeconds, help: help,
        environmentVariable: environmentVariable, defaultValue: defaultValue.secondsText),
      convert: { $0.flatMap(Double.init) ?? defaultValue })
  }
}

extension OptionKey where Value == Double? {
  /// A time limit in seconds, more than 0 (checked by the parser); `nil` when not given, so the
  /// caller can fall back to an environment variable. `shownDefault` is what help shows (none:
  /// the help text says what happens without it).
  package static func positiveSeconds(
    _ long: String, help: String, shownDefault: Double? = nil,
    environmentVariable: String? = nil
  ) -> OptionKey {
    OptionKey(
      spec: .option(
        long, value: "seconds", kind: .positiveSeconds, help: help,
        environmentVariable: environmentVariable, defaultValue: shownDefault?.secondsText),
      convert: { $0.flatMap(Double.init) })
  }
}

extension OptionKey where Value == Int {
  /// A TCP port (checked by the parser), `defaultValue` when not given.
  package static func port(_ long: String, help: String, defaultValue: Int) -> OptionKey {
    OptionKey(
      spec: .option(
        long, value: "port", kind: .port, help: help, defaultValue: String(defaultValue)),
      convert: { $0.flatMap { Int($0) } ?? defaultValue })
  }
}
