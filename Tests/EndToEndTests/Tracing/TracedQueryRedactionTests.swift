import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// `--verbose` traces URLs; no secret-looking query value or userinfo shows in them.
@Suite("Tracing: secrets in traced URLs", .tags(.security))
struct TracedQueryRedactionTests {
  @Test("--verbose redacts every secret-looking query value in traced URLs and errors")
  func tracedQueries() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let backend = try RecordingBackend { _, _ in
      HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
    }
    let secrets = [
      "access_token": "AT-0123456789-secret", "api_key": "AK-0123456789-secret",
      "client_secret": "CS-0123456789-secret", "X-Amz-Signature": "SG-0123456789-secret",
      "password": "PW-0123456789-secret", "code": "CO-0123456789-secret",
      "__clerk_db_jwt": "DB-0123456789-secret", "nonce": "NO-0123456789-secret",
      "auth": "AU-0123456789-secret", "ticket": "TI-0123456789-secret",
    ]
    let query = secrets.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      .joined(separator: "&")
    let traced = try await env.run(["--verbose", "api", backend.url + "/things?\(query)&page=2"])
    #expect(traced.status == 0, "\(traced.stderr)")
    #expect(traced.stderr.contains("page=2"), "\(traced.stderr)")
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let port = refusing.port
    let failed = try await env.run([
      "--verbose", "api", "http://user:PW-userinfo-secret@127.0.0.1:\(port)/x?\(query)",
    ])
    #expect(failed.status == 5, "\(failed.stderr)")
    for output in [traced.stderr, failed.stderr] {
      for (name, value) in secrets {
        #expect(!output.contains(value), "\(name)'s value shows: \(output)")
      }
      #expect(!output.contains("PW-userinfo-secret"))
    }
  }
}
