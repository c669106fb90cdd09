import ClerkctlCore
import Foundation

/// What `make dist` (Scripts/dist.sh) wrote for the current version: the tarball, the Debian
/// package and `SHA256SUMS`, in `CLERKCTL_DIST_DIR` when set (`make test` builds them there and
/// they must be there), else in the package's `dist/`.
struct DistArtifacts: Sendable {
  let directory: String
  /// `clerkctl_VERSION_linux_ARCH.tar.gz`.
  let tarball: String
  /// `clerkctl_VERSION_ARCH.deb`.
  let package: String
  /// `SHA256SUMS`.
  var checksums: String { directory + "/SHA256SUMS" }

  /// Whether `CLERKCTL_DIST_DIR` names where they must be.
  static var required: Bool {
    !(ProcessInfo.processInfo.environment["CLERKCTL_DIST_DIR"] ?? "").isEmpty
  }

  /// The directory searched.
  static func directory(filePath: String = #filePath) -> String {
    if let set = ProcessInfo.processInfo.environment["CLERKCTL_DIST_DIR"], !set.isEmpty {
      return set
    }
    // Tests/EndToEndTests/Dist/DistArtifacts.swift → the package root.
    var root = URL(fileURLWithPath: filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    return root.appendingPathComponent("dist").path
  }

  /// The artifacts of ``ClerkVersion/current`` in ``directory(filePath:)``, or nil when a file is
  /// missing.
  static let found: DistArtifacts? = {
    let directory = Self.directory()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    let version = ClerkVersion.current
    guard
      let tarball = names.first(where: {
        $0.hasPrefix("clerkctl_\(version)_linux_") && $0.hasSuffix(".tar.gz")
      }),
      let package = names.first(where: {
        $0.hasPrefix("clerkctl_\(version)_") && $0.hasSuffix(".deb")
      }),
      names.contains("SHA256SUMS")
    else { return nil }
    return DistArtifacts(
      directory: directory, tarball: directory + "/" + tarball, package: directory + "/" + package)
  }()

  /// Whether `tool` is on this machine (in /usr/bin or /bin).
  static func has(_ tool: String) -> Bool {
    ["/usr/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
  }
}
