import ClerkctlKit
import Foundation
import Glibc
import Testing

/// The one temp-directory helper for tests: a fresh private directory (`mkdtemp`, mode 0700)
/// under the system temp dir, removed with everything in it when the value goes away.
public final class TemporaryDirectory: @unchecked Sendable {
  public let path: String

  public init(prefix: String = "clerkctl-test") {
    var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
    if mkdtemp(&template) != nil {
      path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    } else {
      // mkdtemp fails only when the temp dir itself is unusable; the tests then say so.
      path = NSTemporaryDirectory() + "/\(prefix)-\(UUID().uuidString.prefix(8))"
      try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// `path` joined with `name`.
  public func file(_ name: String) -> String { path + "/" + name }

  /// A config directory inside this directory (not created yet).
  package var config: ConfigDirectory { ConfigDirectory(path: path + "/config") }

  /// Writes `text` to `file` and sets its mode.
  package func write(
    _ text: String, to file: String, mode: mode_t = 0o600,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    #expect(chmod(file, mode) == 0, sourceLocation: sourceLocation)
  }

  /// The names in `directory`, sorted (none when it does not exist).
  package func entries(of directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  /// The permission bits of `path` (not following a symlink), or nil when it does not exist.
  package static func mode(of path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }
}
