import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

@Suite("Frontend API client")
struct FrontendAPIClientTests {
  private static func client(_ responder: ScriptedHTTPResponder) -> FrontendAPIClient {
    var retry = RetryPolicy()
    retry.baseDelay = 0
    retry.random = { 0 }
    return FrontendAPIClient(
      baseURL: responder.url(""), clientToken: "token-1", http: .curl(), clock: .system,
      retry: retry)
  }

  private static let unavailable = ScriptedHTTPResponder.response(
    status: 503, headers: [("Content-Type", "text/html")],
    body: Array("<html><title>Down</title></html>".utf8))

  @Test("a sign-in read is retried on 503, but never the single-use OAuth nonce completion")
  func nonceIsNotRetried() throws {
    let responder = try ScriptedHTTPResponder { _ in Self.unavailable }
    #expect(throws: ClerkError.self) { _ = try Self.client(responder).signIn(id: "sia_1") }
    #expect(responder.requests.count == 3)

    let once = try ScriptedHTTPResponder { _ in Self.unavailable }
    #expect(throws: ClerkError.self) {
      _ = try Self.client(once).signIn(id: "sia_1", rotatingTokenNonce: "nonce")
    }
    #expect(once.requests.count == 1)
    #expect(once.requests.first?.target.contains("rotating_token_nonce=nonce") == true)
  }

  @Test("every request carries the native-client headers and the token as-is")
  func headers() throws {
    let responder = try ScriptedHTTPResponder { _ in
      ScriptedHTTPResponder.response(
        status: 200, headers: [("Authorization", "token-2")],
        body: Array(#"{"response":null,"client":null}"#.utf8))
    }
    let client = Self.client(responder)
    _ = try client.client()
    let request = try #require(responder.requests.first)
    #expect(request.target == "/v1/client?_is_native=true")
    #expect(request.headers["Authorization"] == "token-1")
    #expect(request.headers["clerk-api-version"] == "2026-05-12")
    #expect(request.headers["x-mobile"] == "1")
    // The User-Agent is the HTTP client's (its configuration: here the default), never one
    // the API client hard-codes.
    #expect(request.headers["User-Agent"] == CurlConfiguration.defaultUserAgent)
    #expect(client.clientToken == "token-2")
    #expect(client.clientTokenChanged)
  }

  @Test("an empty or bare Bearer Authorization reply means signed out")
  func clearedToken() throws {
    for value in ["", "Bearer", "bearer "] {
      let responder = try ScriptedHTTPResponder { _ in
        ScriptedHTTPResponder.response(
          status: 200, headers: [("Authorization", value)],
          body: Array(#"{"response":null,"client":null}"#.utf8))
      }
      let client = Self.client(responder)
      _ = try client.client()
      #expect(client.clientToken == nil, "after '\(value)'")
    }
  }
}
