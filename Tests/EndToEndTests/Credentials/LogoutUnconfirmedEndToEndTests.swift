import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Foundation
import Testing

/// `logout` claims "Signed out" only when Clerk confirms the session is gone: a Clerk-style
/// 404 from a wrong path prefix on the same origin (every path answers 404) leaves it "may
/// live on" (exit 5).
@Suite("logout confirms before claiming, through the binary", .tags(.security))
struct LogoutUnconfirmedEndToEndTests {
  @Test("404 resource_not_found for every path: exit 5, 'may live on', the file deleted")
  func clerkStyle404Everywhere() async throws {
    let body = Array(
      #"{"errors":[{"code":"resource_not_found","message":"not found","long_message":"not found"}]}"#
        .utf8)
    let server = try ScriptedHTTPResponder { _ in
      ScriptedHTTPResponder.response(
        status: 404, headers: [("Content-Type", "application/json")], body: body)
    }
    defer { server.stop() }
    let sandbox = CLIFixture.withoutEmulator()
    let store = ProfileStore(directory: ConfigDirectory(path: sandbox.configDir))
    try store.save(
      ProfileCredential(
        profile: "default", fapiURL: server.url("/wrong-prefix"), clientToken: "client_404",
        sessionID: "sess_404", userID: "user_404", email: "gone@example.com",
        signedInAt: Int64(Date().timeIntervalSince1970)))
    let result = try await sandbox.run(["logout"])
    #expect(result.status == 5, "\(result.stderr)")
    #expect(result.stderr.contains("may live on"), "\(result.stderr)")
    #expect(!result.stderr.contains("Signed out"), "\(result.stderr)")
    #expect(try store.load(profile: "default") == nil)
  }
}
