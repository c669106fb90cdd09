import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@testable import ClerkEmulator

/// Clerk's own Python Backend SDK (`clerk-backend-api`, which `make test` installs from PyPI)
/// against the emulator as a child process over loopback, in one Python process
/// (`Fixtures/python/backend_sdk.py`): users, email addresses, sessions, organizations with
/// memberships and invitations, the JWKS, and `authenticate_request` verifying — networkless —
/// a session token the built `clerkctl` minted, and one minted with an `Origin` against
/// `authorized_parties`. Every reply must decode into the SDK's models.
@Suite("Clerk's Python Backend SDK: users, email addresses, sessions, organizations, JWKS")
struct PythonBackendSDKTests {
  @Test(
    "the SDK's calls decode and behave as against Clerk; authenticate_request accepts clerkctl's token"
  )
  func sdk() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let emulator = fixture.emulator
    let minted = try await fixture.run(["token"])
    #expect(minted.status == 0, "\(minted.stderr)")
    let result = try await PythonSDKDriver.run(
      "backend_sdk.py",
      environment: [
        "CLERK_API_URL": emulator.apiURL, "CLERK_SECRET_KEY": emulator.secretKey,
        "CLERK_FAPI_URL": emulator.fapiURL,
        "SESSION_JWT": minted.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
      ])
    #expect(
      result.stdout.contains(
        #"{"authenticate_request": "ok", "email_addresses": "ok", "jwks": "ok", "organizations": "ok", "sessions": "ok", "users": "ok"}"#
      ))
    await fixture.stopEmulator()
  }
}
