import ClerkTestSupport
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// The loopback callback of `login --oauth` takes only the browser's redirect: requests from
/// web pages, other hosts' names or other processes with a made-up answer neither end the
/// sign-in nor are taken as its answer.
@Suite("The loopback callback takes only the browser's redirect", .tags(.security))
struct LoopbackCallbackEndToEndTests {
  /// Follows the fake provider's redirects until the redirect to the loopback callback, and
  /// returns that URL without fetching it.
  static func callbackURL(_ url: String) async throws -> String {
    let http = HTTPClient.curl()
    var current = url
    for _ in 0..<10 {
      if current.contains("/callback?") { return current }
      do {
        _ = try await http.awaitedSend(HTTPRequest(method: "GET", url: current))
        throw BrowserTestError("\(current) did not redirect")
      } catch let error as HTTPError {
        guard case .redirect(let location) = error.kind, !location.isEmpty else { throw error }
        current = location
      }
    }
    throw BrowserTestError("no redirect to the callback from \(url)")
  }

  /// One raw `GET` to the callback server.
  static func get(
    port: Int, target: String, host: String, headers: [(String, String)] = []
  ) async throws -> RawHTTPConnection.Response {
    let connection = try await RawHTTPConnection.connected(port: port, timeout: 10)
    defer { connection.close() }
    var head = "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    try connection.send(head + "\r\n")
    return try await connection.readResponse()
  }

  /// Where the real callback goes: `HOST:PORT`, the port, and the path with its query.
  struct Callback {
    var hostPort: String
    var port: Int
    var target: String
  }

  /// `login --oauth google --no-browser` against an emulator child (the fixture keeps it
  /// running), and the callback the provider page would send the browser to (not yet
  /// followed).
  static func browserLogin(
    timeout: Int
  ) async throws -> (CLIFixture, BrowserLoginProcess, Callback) {
    let sandbox = try await CLIFixture(.binary)
    let login = try BrowserLoginProcess(
      sandbox,
      [
        "login", "--oauth", "google", "--no-browser", "--callback-port", "0",
        "--sign-in-timeout", String(timeout),
      ])
    let real = try await callbackURL(try login.signInURL() + "&auto=demo@example.com")
    let rest = real.dropFirst("http://".count)
    let hostPort = String(rest.prefix { $0 != "/" })
    let port = try #require(Int(hostPort.split(separator: ":").last ?? ""))
    let target = String(rest.dropFirst(hostPort.count))
    return (sandbox, login, Callback(hostPort: hostPort, port: port, target: target))
  }

  @Test("Forged Host, Origin, no-cors fetches, forged nonces and failures: the real one wins")
  func forgedCallbacks() async throws {
    let (sandbox, login, callback) = try await Self.browserLogin(timeout: 60)
    defer { withExtendedLifetime(sandbox) {} }  // the emulator lives until the test ends
    let (hostPort, port, target) = (callback.hostPort, callback.port, callback.target)
    let forgedNonce = "/callback?rotating_token_nonce=forged0123456789"

    // Refused outright, whatever they carry.
    let refused: [(String, String, [(String, String)])] = [
      (target, "evil.example:\(port)", []),
      (target, "localhost:\(port)", []),
      (target, "127.0.0.1:\(port + 1)", []),
      (forgedNonce, hostPort, [("Origin", "https://evil.example")]),
      (forgedNonce, hostPort, [("Origin", "null")]),
      (forgedNonce, hostPort, [("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Site", "cross-site")]),
      (forgedNonce, hostPort, [("Sec-Fetch-Mode", "cors")]),
    ]
    for (path, host, headers) in refused {
      let response = try await Self.get(port: port, target: path, host: host, headers: headers)
      #expect(response.status == 403, "\(host) \(headers): \(response.status)")
    }
    // Taken to Clerk, which does not vouch for them: the wait goes on.
    for path in [
      forgedNonce, "/callback?__clerk_status=failed&__clerk_error_code=oauth_access_denied",
      "/callback?error=access_denied",
    ] {
      let response = try await Self.get(port: port, target: path, host: hostPort)
      #expect(response.status == 200, "\(path): \(response.status)")
    }
    // The browser's redirect: a cross-site top-level navigation.
    let page = try await Self.get(
      port: port, target: target, host: hostPort,
      headers: [
        ("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "navigate"),
        ("Sec-Fetch-Dest", "document"),
      ])
    #expect(page.status == 200)
    let result = await login.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as demo@example.com"), "\(result.stderr)")
    #expect(result.stderr.contains("Ignored a sign-in callback"), "\(result.stderr)")
  }

  @Test("Forged callbacks alone never end the sign-in before its deadline: exit 8")
  func forgedOnlyTimesOut() async throws {
    let (sandbox, login, callback) = try await Self.browserLogin(timeout: 8)
    let (hostPort, port) = (callback.hostPort, callback.port)
    for path in [
      "/callback?__clerk_status=failed&__clerk_error_code=oauth_access_denied",
      "/callback?rotating_token_nonce=forged0123456789",
    ] {
      _ = try await Self.get(port: port, target: path, host: hostPort)
    }
    let result = await login.finish()
    #expect(result.status == 8, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.configDir + "/profiles/default.json"))
  }
}
