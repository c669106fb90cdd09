import ClerkTestSupport
import Testing

@testable import ClerkctlCurl
@testable import ClerkctlHTTP

/// Certificate verification over real loopback TLS, against `TLSTestServer` (a Python HTTPS
/// server presenting fixture certificates signed by a test CA no system trusts).
@Suite("HTTP client over libcurl: TLS verification")
struct HTTPClientCurlTLSTests {
  let body = Array(#"{"ok":true}"#.utf8)

  /// A GET of `url` with two minutes to answer: what is checked is how the handshake ends, not
  /// how fast (under ThreadSanitizer, beside two other test runs, one took over the default
  /// 15 s and ended as a timeout instead of the TLS error under test).
  private func get(_ url: String) -> HTTPRequest {
    HTTPRequest(url: url, timeout: 120)
  }

  /// Sends a GET to `url` and returns the `HTTPError` it must throw.
  private func failure(
    _ url: String, client: HTTPClient, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> HTTPError {
    try await #require(throws: HTTPError.self, sourceLocation: sourceLocation) {
      try await client.awaitedSend(get(url))
    }
  }

  @Test("a server whose certificate comes from an unknown CA is refused as a TLS error")
  func unknownCARefused() async throws {
    let server = try await TLSTestServer.start(body: body)
    let error = try await failure(server.url("/x"), client: HTTPClient.curl(CurlConfiguration()))
    #expect(error.kind == .tls)
    #expect(!error.isConfigurationError)
    #expect(error.description.contains("127.0.0.1:\(server.port)"))
    #expect(error.remedy == .trustCA)
    #expect(error.description.contains("trust its CA"))
    #expect(!error.description.contains("--cacert"))
  }

  @Test("a CA bundle holding a different CA does not make the server trusted")
  func otherCARefused() async throws {
    let server = try await TLSTestServer.start(body: body)
    let client = HTTPClient.curl(CurlConfiguration(caBundlePath: try TLSTestServer.otherCAPath))
    let error = try await failure(server.url(), client: client)
    #expect(error.kind == .tls)
  }

  @Test(
    "with the test CA as the extra CA bundle the request succeeds, by IP and by name",
    arguments: ["127.0.0.1", "localhost"])
  func trustedCASucceeds(host: String) async throws {
    let server = try await TLSTestServer.start(body: body)
    let client = HTTPClient.curl(CurlConfiguration(caBundlePath: try TLSTestServer.caPath))
    let response = try await client.awaitedSend(
      get(server.url("/anything?q=1", host: host)))
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/json")
    #expect(response.body == body)
  }

  @Test(
    "a certificate for another host name is refused even with its CA trusted",
    arguments: ["127.0.0.1", "localhost"])
  func wrongHostRefused(host: String) async throws {
    let good = try await TLSTestServer.start(body: body)
    let wrong = try await TLSTestServer.start(certificate: .wrongHost, body: body)
    // One client for both: a reused handle must verify the host name all the same.
    let client = HTTPClient.curl(CurlConfiguration(caBundlePath: try TLSTestServer.caPath))
    #expect(try await client.awaitedSend(get(good.url(host: host))).body == body)
    let error = try await failure(wrong.url(host: host), client: client)
    #expect(error.kind == .tls)
    #expect(error.description.contains("\(host):\(wrong.port)"))
    #expect(try await client.awaitedSend(get(good.url(host: host))).status == 200)
  }
}
