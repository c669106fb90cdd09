import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// The built binary over loopback; every way in and every refusal also runs in process
/// (ClerkCLITests' LoginCommandTests).
@Suite("clerkctl login against the emulator")
struct LoginEndToEndTests {
  @Test("password sign-in takes one request, stores the credential and says who signed in")
  func password() throws {
    let fixture = try CLIFixture(.binary)
    let result = try fixture.signIn()
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Signed in as demo@example.com (user_"))
    // The port is kept: two local instances differ only by it.
    let port = try #require(fixture.fapiURL.split(separator: ":").last)
    #expect(result.stderr.contains("on 127.0.0.1:\(port)\n"))
    let signIns = try fixture.admin.requests(containing: "/v1/client/sign_ins")
    #expect(signIns.count == 1)
    #expect(signIns.first?.method == "POST")
    let stored = try fixture.credential()
    #expect(stored["email"]?.stringValue == "demo@example.com")
    #expect(stored["session_id"]?.stringValue?.hasPrefix("sess_") == true)
    #expect(stored["client_token"]?.stringValue?.isEmpty == false)
  }

  @Test("second factor: the password is stdin's first line, the TOTP code its second")
  func totp() throws {
    let fixture = try CLIFixture(.binary)
    let code = try fixture.totpCode()
    let result = try fixture.run(
      ["login", "--identifier", "mfa@example.com", "--password-stdin", "--code-stdin"],
      stdin: "demo-password\n\(code)\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as mfa@example.com"))
  }
}
