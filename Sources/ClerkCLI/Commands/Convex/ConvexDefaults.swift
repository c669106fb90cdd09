import ClerkctlCommandLine
import ClerkctlCore

/// Where `convex` finds its deployment and arguments besides the command line, as Convex's own
/// CLI does.
enum ConvexDefaults {
  /// The profile's `convex_url` (`clerkctl config set convex_url URL`), else `CONVEX_URL` in
  /// `./.env.local` (what `npx convex dev` writes); `nil` when neither has one.
  static func fallbackURL(_ context: CommandContext) throws -> String? {
    if let configured = try ProfileConfig.value(.convexURL, context) { return configured }
    return dotEnvValue("CONVEX_URL", in: ".env.local")
  }

  /// `NAME`'s value in a dotenv file (`NAME=value`, `export NAME=value`, quotes taken off,
  /// a trailing `# comment` dropped); `nil` when the file or the name is missing.
  static func dotEnvValue(_ name: String, in path: String) -> String? {
    guard let bytes = try? LocalFile.read(path) else { return nil }
    for rawLine in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
      var line = rawLine.trimmingWhitespace()
      if line.hasPrefix("export ") { line = String(line.dropFirst(7)).trimmingWhitespace() }
      guard line.hasPrefix(name + "=") else { continue }
      var value = String(line.dropFirst(name.count + 1)).trimmingWhitespace()
      if let quote = value.first, quote == "\"" || quote == "'",
        let end = value.dropFirst().firstIndex(of: quote)
      {
        value = String(value[value.index(after: value.startIndex)..<end])
      } else if let hash = value.firstIndex(of: "#") {
        value = String(value[..<hash]).trimmingWhitespace()
      }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// ARGS_JSON `-`: a JSON object on stdin (at most 1 MiB).
  static func argumentsFromStdin(_ context: CommandContext) throws -> JSONValue {
    let limit = 1 << 20
    let bytes = context.terminal.readAtMost(limit + 1)
    guard bytes.count <= limit else {
      throw UsageError("the arguments on stdin are larger than 1 MiB")
    }
    let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    guard let value = try? JSONValue(parsing: Array(text.utf8)), value.objectValue != nil else {
      throw UsageError(
        "stdin must hold the arguments as a JSON object such as '{\"channel\":\"general\"}'")
    }
    return value
  }
}
