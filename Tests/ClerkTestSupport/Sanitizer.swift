import Foundation

/// The sanitizer the suite and the binaries it runs are built with: `make sanitize`
/// (Scripts/sanitize.sh) exports `CLERKCTL_SANITIZER` (`address` or `thread`).
package enum Sanitizer {
  /// `address`, `thread`, or nil in an ordinary build.
  package static let current: String? = {
    let value = ProcessInfo.processInfo.environment["CLERKCTL_SANITIZER"] ?? ""
    return value.isEmpty ? nil : value
  }()

  /// What a `clerkctl` child needs of the test process's environment under a sanitizer (empty
  /// otherwise): the sanitizer's options, so its suppressions apply in the child too, and the
  /// longer per-request limit sanitize.sh sets (`CLERKCTL_REQUEST_TIMEOUT`), since the
  /// instrumented emulator, many at once on a small machine, can take longer than the default
  /// 15 s to answer. Tests that are about the limit set their own.
  package static let childEnvironment: [String: String] = {
    guard current != nil else { return [:] }
    let names = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "CLERKCTL_REQUEST_TIMEOUT"]
    let environment = ProcessInfo.processInfo.environment
    return environment.filter { names.contains($0.key) }
  }()
}
