import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// A client Clerk no longer knows is a lost sign-in, whatever command meets it.
@Suite("Identity: a client Clerk refuses", .tags(.security))
struct UnauthorizedClientEndToEndTests {
  @Test("whoami and status exit 4 when Clerk answers 401 for the client")
  func unauthorizedClient() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    for arguments in [["whoami"], ["status"]] {
      try await bench.fault(["path": "/v1/client", "method": "GET", "status": 401])
      let result = try await bench.run(arguments)
      #expect(result.status == 4, "\(arguments): \(result.stderr)")
    }
  }
}
