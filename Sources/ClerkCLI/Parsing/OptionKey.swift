import ClerkKit

/// An option declared once, typed: its name, value type, default and help in one declaration,
/// read back with `parsed[key]` (as swift-argument-parser's `@Option` is). The parser, help,
/// the man page and completion read `spec`; the parser checks the value against its kind, so a
/// command never parses or checks it again, and a misspelt key does not compile.
package struct OptionKey<Value: Sendable>: Sendable {
  /// The declaration the parser, help, man page and completion read.
  package let spec: OptionSpec
  /// The value from the option's last text (`nil`: not given), the default applied.
  private let convert: @Sendable (String?) -> Value

  private init(spec: OptionSpec, convert: @escaping @Sendable (String?) -> Value) {
    self.spec = spec
    self.convert = convert
  }

  /// The typed value in `parsed`.
  func value(in parsed: ParsedArguments) -> Value { convert(parsed.value(spec.long)) }
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
  /// caller can fall back to an environment variable. `shownDefault` is what help shows.
  package static func positiveSeconds(
    _ long: String, help: String, shownDefault: Double, environmentVariable: String? = nil
  ) -> OptionKey {
    OptionKey(
      spec: .option(
        long, value: "seconds", kind: .positiveSeconds, help: help,
        environmentVariable: environmentVariable, defaultValue: shownDefault.secondsText),
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

// MARK: - The typed options

extension OptionKey where Value == Double {
  /// `login --sign-in-timeout`: the time limit for the whole sign-in.
  package static let signInTimeout = OptionKey.positiveSeconds(
    "sign-in-timeout",
    help: "Time limit for the whole sign-in, waits for codes and the browser included.",
    defaultValue: 120)

  /// `token --min-ttl`, `exec --min-ttl`: reuse a cached token only while it has this long left.
  package static let minTTL = OptionKey.seconds(
    "min-ttl", help: "Reuse a cached token only while it has this many seconds left.",
    defaultValue: 10)
}

extension OptionKey where Value == Double? {
  /// The global `--request-timeout`: seconds per HTTP request (`CLERKCTL_REQUEST_TIMEOUT`, then
  /// `HTTPRequest.defaultTimeout`, when not given).
  package static let requestTimeout = OptionKey.positiveSeconds(
    "request-timeout", help: "Time limit per HTTP request.",
    shownDefault: HTTPRequest.defaultTimeout, environmentVariable: "CLERKCTL_REQUEST_TIMEOUT")
}

extension OptionKey where Value == Int {
  /// `login --callback-port`: the loopback callback's port for browser sign-in (allowlist
  /// `http://127.0.0.1:45789/callback` in Clerk).
  package static let callbackPort = OptionKey.port(
    "callback-port",
    help: "Port of the local callback server for browser sign-in; 0 picks a free one.",
    defaultValue: 45789)
}
