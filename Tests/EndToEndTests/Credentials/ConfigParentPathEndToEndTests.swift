import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Like ssh's StrictModes: every directory above the config dir must belong to the user or
/// root and be writable by no one else (sticky directories such as /tmp excepted), or another
/// user could swap the whole tree.
@Suite("Config dir parents, through the binary", .tags(.security))
struct ConfigParentPathEndToEndTests {
  @Test("a world-writable parent (not sticky) is refused with exit 3; a sticky one is fine")
  func worldWritableParent() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    let shared = sandbox.home.file("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
    #expect(chmod(shared, 0o777) == 0)
    let config = shared + "/me/clerkctl"
    let refused = try await sandbox.run(
      [
        "login", "--identifier", "a@example.com", "--password-stdin", "--fapi-url",
        "http://127.0.0.1:9",
      ],
      stdin: "pw\n", extra: ["CLERKCTL_CONFIG_DIR": config])
    #expect(refused.status == 3, "\(refused.stderr)")
    #expect(refused.stderr.contains("/shared'"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: config), "nothing was created")
    #expect(chmod(shared, 0o1777) == 0)
    let sticky = try await sandbox.run(
      ["profile", "list"], extra: ["CLERKCTL_CONFIG_DIR": config])
    #expect(sticky.status == 0, "\(sticky.stderr)")
  }
}
