import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Replies that are not what Clerk sends: exit 5, and the stored credential neither changes nor
/// stops working.
@Suite("Malformed replies", .tags(.resilience))
struct MalformedReplyEndToEndTests {
  static let bodies: [String] = [
    "{not json",
    #"{"jwt": 5}"#,
    #"{"object": "token"}"#,
    #"{"jwt": "not-a-jwt"}"#,
    #"{"jwt": "a.e30.c"}"#,
    "[]",
    "<html><head><title>Sign in to the proxy</title></head><body>…</body></html>",
    "",
    #"{"jwt": "a.b.c", "extra": "#,
  ]

  @Test("A 200 with a body that is not a token: exit 5, the credential still works")
  func malformedMint() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let before = try bench.credentialBytes()
    for body in Self.bodies {
      try await bench.fault(["path": .string(mintPath), "status": 200, "body": .string(body)])
      let result = try await bench.run(["token", "--template", "convex", "--force-refresh"])
      #expect(result.status == 5, "\(body): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.split(separator: "\n").count == 1)
      #expect(!result.stderr.contains("<html"))
      #expect(try bench.credentialBytes() == before)
    }
    let after = try await bench.run(["token", "--template", "convex"])
    #expect(after.status == 0, "\(after.stderr)")
  }

  @Test("Malformed client replies to whoami: exit 5, the credential untouched")
  func malformedClient() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let before = try bench.credentialBytes()
    for body in ["{", #"{"response": 7}"#, #"{"response": {"sessions": "x"}}"#] {
      try await bench.fault([
        "path": "/v1/client", "method": "GET", "status": 200, "body": .string(body),
      ])
      let result = try await bench.run(["whoami"])
      #expect(result.status == 5, "\(body): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    #expect(try bench.credentialBytes() == before)
    #expect(try await bench.run(["whoami"]).status == 0)
  }
}
