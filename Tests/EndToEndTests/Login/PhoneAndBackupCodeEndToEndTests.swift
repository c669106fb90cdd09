import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Phone-code, username and backup-code sign-ins through the built clerkctl against a
/// clerk-emulator child over loopback, each refusal with exit code 6.
@Suite("login by phone, username and backup code, built binary over loopback")
struct PhoneAndBackupCodeEndToEndTests {
  private func clerkctl(
    _ fixture: CLIFixture, _ arguments: [String], stdin: String
  ) async throws -> ProcessResult {
    try await ProcessRun.run(
      BuiltProducts.path("clerkctl"), arguments, environment: fixture.environment, stdin: stdin)
  }

  @Test("phone code: 424242 signs in; a wrong code exits 6 and stores nothing")
  func phoneCode() async throws {
    let fixture = try await CLIFixture(.binary)
    let arguments = [
      "login", "--identifier", "+15555550100", "--strategy", "phone_code", "--code-stdin",
    ]
    let wrong = try await clerkctl(fixture, arguments, stdin: "000000\n")
    #expect(wrong.status == 6, "\(wrong.stderr)")
    #expect(wrong.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath()))

    let right = try await clerkctl(fixture, arguments + ["--json"], stdin: "424242\n")
    #expect(right.status == 0, "\(right.stderr)")
    #expect(right.stderr.contains("Signed in as +15555550100 (user_"))
    let json = try JSONValue(parsing: right.stdout)
    #expect(json["identifier"]?.stringValue == "+15555550100")
    #expect(json["email"] == .null)
    let prepared = try await fixture.admin.requests(containing: "/prepare_first_factor")
    #expect(prepared.isEmpty, "one request creates the sign-in and sends the code")
    let token = try await clerkctl(fixture, ["token"], stdin: "")
    #expect(token.status == 0, "\(token.stderr)")
  }

  @Test("username: identifier first offers the phone code; an unknown username exits 6")
  func username() async throws {
    let fixture = try await CLIFixture(.binary)
    let unknown = try await clerkctl(
      fixture, ["login", "--identifier", "nobody", "--password-stdin"], stdin: "x\n")
    #expect(unknown.status == 6, "\(unknown.stderr)")
    #expect(
      unknown.stderr.contains("sign-in rejected: Couldn't find your account"), "\(unknown.stderr)")

    let known = try await clerkctl(
      fixture, ["login", "--identifier", "phoneuser", "--code-stdin"], stdin: "424242\n")
    #expect(known.status == 0, "\(known.stderr)")
    #expect(known.stderr.contains("Signed in as +15555550100"), "\(known.stderr)")
    let prepare = try await fixture.admin.requests(containing: "/prepare_first_factor")
    #expect(prepare.count == 1)
  }

  @Test("backup code as the second factor works once; the second use exits 6")
  func backupCode() async throws {
    let fixture = try await CLIFixture(.binary)
    let arguments = [
      "login", "--identifier", "mfa@example.com", "--password-stdin", "--second-factor",
      "backup_code",
    ]
    let first = try await clerkctl(fixture, arguments, stdin: "demo-password\nbackup-0005\n")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("Signed in as mfa@example.com"))
    let again = try await clerkctl(
      fixture, arguments + ["--profile", "again"], stdin: "demo-password\nbackup-0005\n")
    #expect(again.status == 6, "\(again.stderr)")
    #expect(again.stderr.contains("sign-in rejected: Incorrect code"), "\(again.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath(profile: "again")))
  }
}
