import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// A forged loopback callback whose redeem meets a transient Clerk error (429) is "not vouched
/// for" like any other failed redeem: the wait goes on, and the browser's real redirect still
/// signs in.
@Suite("Forged callback plus a transient error, through the binary", .tags(.security))
struct LoopbackCallbackTransientErrorTests {
  @Test("forged nonce + 429 on its redeem: ignored; the real callback signs in")
  func forgedNonceThenRateLimited() async throws {
    let (sandbox, login, callback) = try await LoopbackCallbackEndToEndTests.browserLogin(
      timeout: 60)
    defer { withExtendedLifetime(sandbox) {} }
    try await sandbox.fault([
      "path": "/v1/client/sign_ins/", "method": "GET", "status": 429, "count": 1,
      "retry_after": "0",
    ])
    let forged = try await LoopbackCallbackEndToEndTests.get(
      port: callback.port, target: "/callback?rotating_token_nonce=forged0123456789",
      host: callback.hostPort)
    #expect(forged.status == 200)
    // Give the forged answer time to be redeemed (and refused) before the real one arrives.
    try await Task.sleep(nanoseconds: 1_500_000_000)
    let page = try await LoopbackCallbackEndToEndTests.get(
      port: callback.port, target: callback.target, host: callback.hostPort,
      headers: [
        ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "navigate"),
        ("Sec-Fetch-Dest", "document"),
      ])
    #expect(page.status == 200)
    let result = await login.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as demo@example.com"), "\(result.stderr)")
  }
}
