import Foundation

/// A fresh directory under the system temp dir, removed when released.
public final class TemporaryDirectory: @unchecked Sendable {
  public let path: String

  public init(prefix: String = "clerkctl-test") {
    let base = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    path = base
  }

  /// `path` joined with `name`.
  public func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
