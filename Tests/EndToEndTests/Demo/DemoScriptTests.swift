import ClerkTestSupport
import Foundation
import Testing

/// `make demo` runs Scripts/demo.sh on the release build; this runs the same script on the
/// binaries under test, so a change that breaks the demo fails the suite.
@Suite("The demo script")
struct DemoScriptTests {
  @Test("runs the main job end to end and exits 0")
  func demo() async throws {
    var root = URL(fileURLWithPath: #filePath)
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    {
      root.deleteLastPathComponent()
      try #require(root.pathComponents.count > 1, "no package root above \(#filePath)")
    }
    let home = TemporaryDirectory(prefix: "clerkctl-demo")
    let result = try await ProcessRun.run(
      "/bin/bash", [root.appendingPathComponent("Scripts/demo.sh").path],
      environment: [
        "CLERKCTL_BIN_DIR": BuiltProducts.directory.path, "HOME": home.path,
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "CI": "true",
      ],
      timeout: 120)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as demo@example.com"))
    #expect(result.stdout.contains("\"subject\": \"user_"))
    #expect(result.stderr.contains("Active organization: Acme Inc"))
    #expect(result.stdout.contains("\"org_id\": \"org_"), "the convex-org token carries Acme")
    #expect(result.stdout.contains("org:      Acme Inc (acme, org:admin"))
    #expect(result.stderr.contains("Demo complete."))
    // It ends with the commands to try by hand, as the README's quick start has them.
    #expect(result.stderr.contains("clerkctl login --identifier demo@example.com"))
    #expect(result.stderr.contains("export CLERK_FAPI_URL=http://127.0.0.1:8787"))
  }
}
