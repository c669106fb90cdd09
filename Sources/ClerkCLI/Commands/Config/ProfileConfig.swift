import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// Per-profile defaults (`clerkctl config set KEY VALUE`), kept in `CONFIG_DIR/defaults.json`
/// (0600, replaced atomically) as `{"version": 1, "profiles": {NAME: {KEY: VALUE}}}`.
/// Precedence: flag > environment > this > the built-in default.
package enum ProfileConfig {
  /// The keys a profile may set.
  package enum Key: String, CaseIterable, Sendable {
    /// The JWT template `token`, `exec` and `api` mint from (`CLERKCTL_TEMPLATE` beats it).
    case template
    /// The Convex deployment `convex` calls (`CONVEX_URL` beats it).
    case convexURL = "convex_url"
    /// `--min-ttl`'s default, in seconds.
    case minTTL = "min_ttl"
    /// Where the profile's next sign-in keeps its secret: `file` or `keyring` (`--store` and
    /// `CLERKCTL_STORE` beat it; see `CommandContext.signInStore(profile:)`).
    case store

    /// What the key means, for help and `config list`.
    package var meaning: String {
      switch self {
      case .template: "JWT template for token, exec and api (CLERKCTL_TEMPLATE overrides)"
      case .convexURL: "Convex deployment URL for convex (CONVEX_URL overrides)"
      case .minTTL: "default --min-ttl, seconds"
      case .store:
        "where a sign-in keeps its secret: file or keyring (--store, CLERKCTL_STORE override)"
      }
    }

    /// Checks a value before it is stored.
    func validate(_ value: String) throws {
      switch self {
      case .template:
        try TemplateName.validate(value)
      case .convexURL:
        let lower = value.lowercased()
        let host = URLParts.host(of: value) ?? ""
        guard
          lower.hasPrefix("https://")
            || (lower.hasPrefix("http://") && LoopbackHost.isLoopback(host)),
          !host.isEmpty
        else {
          throw UsageError(
            "convex_url must be an https:// URL (http:// only for loopback), got '\(value)'")
        }
      case .minTTL:
        guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
          throw UsageError("min_ttl is a number of seconds (0 or more), got '\(value)'")
        }
      case .store:
        guard ["file", "keyring"].contains(value) else {
          throw UsageError("store is file or keyring, got '\(value)'")
        }
      }
    }
  }

  /// The `KEY` positional of `get`, `set` and `unset`.
  static let keyArgument = ArgumentSpec(
    "key", help: "template, convex_url, min_ttl or store.",
    valueKind: .choice(Key.allCases.map(\.rawValue)))

  /// The key the first positional names (see ``key(named:)``).
  static func key(_ parsed: ParsedArguments) throws -> Key {
    try key(named: parsed.positional(0) ?? "")
  }

  /// `{schema_version, profile, key, value}` as `get` and `set` print it with `--json`.
  static func json(profile: String, key: Key, value: String?) -> JSONValue {
    [
      "schema_version": 1, "profile": .string(profile), "key": .string(key.rawValue),
      "value": value.map(JSONValue.string) ?? .null,
    ]
  }

  /// The key named `name`, or a usage error listing the keys (with a did-you-mean).
  package static func key(named name: String) throws -> Key {
    if let key = Key(rawValue: name) { return key }
    let names = Key.allCases.map(\.rawValue)
    let near = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
    throw UsageError(
      "unknown config key '\(name)'\(near) (keys: \(names.joined(separator: ", ")))")
  }

  private static func path(_ context: CommandContext) throws -> String {
    try context.profileStore().directory.path + "/defaults.json"
  }

  /// Every profile's settings.
  static func all(_ context: CommandContext) throws -> [String: [String: String]] {
    let path = try path(context)
    guard let bytes = try? LocalFile.read(path) else { return [:] }
    guard let value = try? JSONValue(parsing: bytes), let profiles = value["profiles"]?.objectValue
    else {
      throw CLIError.unreadableFile(
        what: "the config file", path: path, reason: "it is not clerkctl's defaults JSON")
    }
    var result: [String: [String: String]] = [:]
    for (name, settings) in profiles {
      var entries: [String: String] = [:]
      for (key, value) in settings.objectValue ?? [:] {
        if let text = value.stringValue { entries[key] = text }
      }
      result[name] = entries
    }
    return result
  }

  /// The settings of `profile` (the profile in force when `nil`).
  static func settings(
    _ context: CommandContext, profile: String? = nil
  ) throws -> [String: String] {
    try all(context)[profile ?? context.profileName()] ?? [:]
  }

  /// `key`'s value for `profile` (the profile in force when `nil`); `nil` when unset (or no
  /// config is readable).
  package static func value(
    _ key: Key, _ context: CommandContext, profile: String? = nil
  ) throws -> String? {
    guard let settings = try? settings(context, profile: profile) else { return nil }
    return settings[key.rawValue]
  }

  /// Stores (or, with `nil`, removes) `key` for `profile`; returns whether anything changed.
  @discardableResult
  static func set(
    _ key: Key, to value: String?, profile: String, _ context: CommandContext
  ) throws -> Bool {
    if let value { try key.validate(value) }
    var everything = try all(context)
    var settings = everything[profile] ?? [:]
    let before = settings[key.rawValue]
    settings[key.rawValue] = value
    everything[profile] = settings.isEmpty ? nil : settings
    try write(everything, context)
    return before != value
  }

  /// Drops every setting of `profile` (when the profile is deleted), or moves them to `to`.
  static func move(profile: String, to: String?, _ context: CommandContext) throws {
    var everything = try all(context)
    guard let settings = everything.removeValue(forKey: profile) else { return }
    if let to { everything[to] = settings }
    try write(everything, context)
  }

  private static func write(
    _ everything: [String: [String: String]], _ context: CommandContext
  ) throws {
    let store = try context.profileStore()
    try store.prepareDirectories()
    var profiles: [String: JSONValue] = [:]
    for (name, settings) in everything {
      profiles[name] = .object(settings.mapValues { .string($0) })
    }
    let object: JSONValue = ["version": 1, "profiles": .object(profiles)]
    try AtomicFile.write(Array((object.prettyEncoded + "\n").utf8), to: try path(context))
  }
}
