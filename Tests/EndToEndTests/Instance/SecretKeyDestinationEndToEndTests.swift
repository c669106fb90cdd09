import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `CLERK_SECRET_KEY` from the environment goes only to `api.clerk.com` or a loopback host; a
/// `CLERK_API_URL` naming any other host is refused (exit 3) unless `--api-url` says so.
@Suite("Backend API secret from the environment, through the binary", .tags(.security))
struct SecretKeyDestinationEndToEndTests {
  static let secret = "sk_test_destination_canary_0123456789"

  @Test("CLERK_API_URL=https://example.com: refused, the secret key reaches no one")
  func environmentURLRefused() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    let server = try await TLSTestServer.start(
      certificate: .wrongHost, body: Array(#"{"object":"testing_token","token":"t"}"#.utf8))
    let proxy = try await ConnectProxy.start(targetPort: server.port)
    let environment = [
      "CLERK_SECRET_KEY": Self.secret, "CLERK_API_URL": "https://example.com",
      "HTTPS_PROXY": proxy.url, "CLERKCTL_CA_BUNDLE": try TLSTestServer.caPath,
    ]
    let result = try await sandbox.run(["testing-token"], extra: environment)
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("CLERK_API_URL"), "\(result.stderr)")
    #expect(result.stderr.contains("--api-url"), "\(result.stderr)")
    #expect(!server.requestLines.contains { $0.contains(Self.secret) }, "\(server.requestLines)")
    // Named on the command line, it is the user's choice.
    _ = try await sandbox.run(
      ["testing-token", "--api-url", "https://example.com"], extra: environment)
    #expect(server.requestLines.contains { $0.contains(Self.secret) }, "\(server.requestLines)")
  }
}
