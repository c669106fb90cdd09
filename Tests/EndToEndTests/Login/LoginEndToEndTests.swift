import ClerkTestSupport
import Foundation
import Testing

/// The built binary over loopback; every way in and every refusal runs in process in
/// ClerkCLITests' LoginCommandTests (the password sign-in there in both modes).
@Suite("clerkctl login against the emulator")
struct LoginEndToEndTests {
  @Test("second factor: the password is stdin's first line, the TOTP code its second")
  func totp() async throws {
    let fixture = try await CLIFixture(.binary)
    let code = try fixture.totpCode()
    let result = try await fixture.run(
      ["login", "--identifier", "mfa@example.com", "--password-stdin", "--code-stdin"],
      stdin: "demo-password\n\(code)\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as mfa@example.com"))
  }
}
