import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// A sign-in whose credential cannot be stored (a full disk, here `ulimit -f 0`: every write
/// of a file fails) ends the new session at Clerk rather than leaving it live and unknown.
@Suite("A credential that cannot be saved after sign-in, through the binary", .tags(.security))
struct SignInSaveFailureEndToEndTests {
  /// Not under ThreadSanitizer: its runtime dies (SIGXFSZ, SIGBUS) in any process whose file
  /// size is limited (`ulimit -f`, however high; even `clerkctl --version`), so clerkctl's own
  /// handling cannot be seen.
  @Test(
    "the new session is signed out at Clerk, and the error says what to do",
    .disabled(if: Sanitizer.current == "thread", "ThreadSanitizer cannot run under ulimit -f"))
  func sessionEndedWhenSaveFails() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let fixture = try await CLIFixture(.binary)
    let userID = try await fixture.admin.userID(email: "demo@example.com")
    let result = try await ProcessRun.run(
      "/bin/bash",
      [
        "-c", "ulimit -f 0; exec \"$0\" login --identifier demo@example.com --password-stdin",
        BuiltProducts.path("clerkctl"),
      ],
      environment: fixture.environment, stdin: "demo-password\n")
    #expect(result.status != 0 && !result.signaled, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("signed out"), "\(result.stderr)")
    #expect(result.stderr.contains("free"), "says what to do: \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))
    let live = try await LogoutConcurrencyEndToEndTests.activeSessions(fixture, userID: userID)
    #expect(live.isEmpty, "sessions left live at Clerk: \(live)")
  }
}
