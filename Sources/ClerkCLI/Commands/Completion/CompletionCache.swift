import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// What shell completion offers besides the declarations: organization slugs `org list` saw
/// (per profile) and the social providers an instance offered at login, kept best effort in
/// `CONFIG_DIR/completion.json` (0600). Nothing in it is a secret.
enum CompletionCache {
  /// Clerk's common social providers, offered before any login has seen an instance's own.
  static let commonProviders = [
    "apple", "discord", "facebook", "github", "gitlab", "google", "linkedin_oidc", "microsoft",
  ]

  private static func path(_ context: CommandContext) throws -> String {
    try context.profileStore().directory.path + "/completion.json"
  }

  private static func load(_ context: CommandContext) -> JSONValue {
    guard let path = try? path(context), let bytes = try? LocalFile.read(path),
      let value = try? JSONValue(parsing: bytes), value.objectValue != nil
    else { return ["version": 1] }
    return value
  }

  private static func save(_ value: JSONValue, _ context: CommandContext) {
    guard let store = try? context.profileStore(), (try? store.prepareDirectories()) != nil,
      let path = try? path(context)
    else { return }
    try? AtomicFile.write(Array((value.prettyEncoded + "\n").utf8), to: path)
  }

  private static func updating(
    _ section: String, key: String, to words: [String], _ context: CommandContext
  ) {
    var document = load(context).objectValue ?? [:]
    var entries = document[section]?.objectValue ?? [:]
    let sorted = Array(Set(words)).sorted()
    guard entries[key] != .array(sorted.map { .string($0) }) else { return }
    entries[key] = .array(sorted.map { .string($0) })
    document[section] = .object(entries)
    document["version"] = 1
    save(.object(document), context)
  }

  /// Records the organization slugs (ids where there is no slug) of `profile`.
  static func record(organizations: [String], profile: String, _ context: CommandContext) {
    updating("organizations", key: profile, to: organizations, context)
  }

  /// Records the social providers the instance at `fapiURL` offers.
  static func record(providers: [String], fapiURL: String, _ context: CommandContext) {
    updating("providers", key: fapiURL, to: providers, context)
  }

  /// The slugs `org list` last saw for `profile`.
  static func organizations(profile: String, _ context: CommandContext) -> [String] {
    (load(context)["organizations"]?[profile]?.arrayValue ?? []).compactMap(\.stringValue)
  }

  /// Every provider seen at login, else the common ones.
  static func providers(_ context: CommandContext) -> [String] {
    let seen = (load(context)["providers"]?.objectValue ?? [:]).values
      .flatMap { $0.arrayValue ?? [] }.compactMap(\.stringValue)
    return seen.isEmpty ? commonProviders : Array(Set(seen)).sorted()
  }
}
