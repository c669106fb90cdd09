import Foundation

/// Where the built `clerkctl` and `clerk-emulator` binaries are: beside the test bundle, in
/// SwiftPM's build directory (or `CLERKCTL_BIN_DIR` when set).
public enum BuiltProducts {
  /// The build directory holding the executables.
  public static let directory: URL = {
    if let override = ProcessInfo.processInfo.environment["CLERKCTL_BIN_DIR"] {
      return URL(fileURLWithPath: override)
    }
    var candidate = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    for _ in 0..<4 {
      candidate = candidate.deletingLastPathComponent()
      if FileManager.default.isExecutableFile(
        atPath: candidate.appendingPathComponent("clerkctl").path)
      {
        return candidate
      }
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }()

  /// The path of the built executable `name`.
  public static func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }
}
