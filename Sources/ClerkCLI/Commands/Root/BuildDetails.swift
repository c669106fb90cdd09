internal import CBuildInfo
import ClerkctlCore

/// The version, and the commit and build date a release build (`make build`) carries.
enum BuildDetails {
  /// The git commit, `nil` in a build that was not given one.
  static var commit: String? { nonEmpty(cbuildinfo_commit()) }
  /// The UTC build date (`YYYY-MM-DD`), `nil` in a build that was not given one.
  static var date: String? { nonEmpty(cbuildinfo_date()) }

  /// `clerkctl VERSION`, then `commit C, built D` when the build knows them.
  static var text: String {
    var lines = ["clerkctl \(ClerkVersion.current)"]
    if commit != nil || date != nil {
      lines.append(
        [commit.map { "commit \($0)" }, date.map { "built \($0)" }].compactMap { $0 }
          .joined(separator: ", "))
    }
    return lines.joined(separator: "\n")
  }

  /// `{schema_version, version, commit, build_date}` (null when unknown).
  static var json: JSONValue {
    [
      "schema_version": 1, "version": .string(ClerkVersion.current),
      "commit": commit.map(JSONValue.string) ?? .null,
      "build_date": date.map(JSONValue.string) ?? .null,
    ]
  }

  private static func nonEmpty(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    let text = String(cString: pointer)
    return text.isEmpty ? nil : text
  }
}
