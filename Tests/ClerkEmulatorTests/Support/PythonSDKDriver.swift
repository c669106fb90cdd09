import ClerkTestSupport
import Foundation
import Testing

/// Runs one of the `Fixtures/python/*_sdk.py` drivers of Clerk's Python Backend SDK against an
/// emulator: `python3 SCRIPT` with this process's environment and `environment` over it, and
/// the expectations every driver has (the SDK is installed, every check passed).
enum PythonSDKDriver {
  /// The driver's result after checking it exited 0 (3: the SDK is missing).
  static func run(
    _ script: String, environment: [String: String]
  ) async throws -> ProcessResult {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    let path = root.appendingPathComponent("python/\(script)").path
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    merged["PYTHONDONTWRITEBYTECODE"] = "1"
    let result = try await ProcessRun.run(
      "/usr/bin/env", ["python3", path], environment: merged, timeout: 120)
    #expect(
      result.status != 3,
      "Clerk's Python SDK is missing: Scripts/test.sh installs it (python3 -m pip install clerk-backend-api). \(result.stderr)"
    )
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    return result
  }
}
